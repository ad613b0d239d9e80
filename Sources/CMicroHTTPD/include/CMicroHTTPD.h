#ifndef BLASTOISE_CMICROHTTPD_H
#define BLASTOISE_CMICROHTTPD_H
// A tiny shim over libmicrohttpd: Swift cannot call C variadic functions (MHD_start_daemon,
// MHD_upgrade_action, MHD_get_daemon_info, MHD_get_connection_info) nor format a va_list logger, and epoll_event is a
// packed union that is awkward from Swift. Everything else is called from Swift directly.
#include <microhttpd.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

// epoll's constants, typed for Swift (Glibc's module does not export sys/epoll.h).
static const uint32_t BL_EPOLLIN = EPOLLIN;
static const uint32_t BL_EPOLLOUT = EPOLLOUT;
static const uint32_t BL_EPOLLRDHUP = EPOLLRDHUP;
static const uint32_t BL_EPOLLHUP = EPOLLHUP;
static const uint32_t BL_EPOLLERR = EPOLLERR;
static const int BL_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int BL_EPOLL_CTL_MOD = EPOLL_CTL_MOD;
static const int BL_EPOLL_CTL_DEL = EPOLL_CTL_DEL;
static const enum MHD_ResponseMemoryMode BL_RESPMEM_MUST_COPY = MHD_RESPMEM_MUST_COPY;

typedef void *(*bl_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);
typedef void (*bl_log_callback)(const char *message);

struct bl_daemon_config {
  const char *host;              // numeric IPv4 or IPv6 address to bind
  uint16_t port;                 // 0 picks a free port
  unsigned int thread_pool_size;
  unsigned int connection_limit;
  unsigned int per_ip_connection_limit; // 0: no cap
  unsigned int connection_timeout_seconds;
  size_t connection_memory_limit; // caps request line + headers
  void *callback_cls; // passed to accept_policy, access_handler, completed and notify_connection
  MHD_AcceptPolicyCallback accept_policy;
  MHD_AccessHandlerCallback access_handler;
  MHD_RequestCompletedCallback completed;
  MHD_NotifyConnectionCallback notify_connection;
  bl_uri_log_callback uri_log;
  bl_log_callback log;
};

// Returns NULL when the daemon cannot start (address in use, bad host); errno is kept.
struct MHD_Daemon *bl_start_daemon(const struct bl_daemon_config *config);
uint16_t bl_daemon_port(struct MHD_Daemon *daemon);
enum MHD_Result bl_upgrade_close(struct MHD_UpgradeResponseHandle *handle);
// Writes the peer's numeric address into `buffer`; empty string when unknown.
void bl_connection_client_address(struct MHD_Connection *connection, char *buffer, size_t size);
// The connection's socket; -1 when unknown.
int bl_connection_socket(struct MHD_Connection *connection);
// What the connection-notify callback stored for this connection; NULL when nothing.
void *bl_connection_socket_context(struct MHD_Connection *connection);
// Bytes the kernel has received on a TCP socket since it opened (TCP_INFO); -1 when unknown.
int64_t bl_socket_bytes_received(int fd);

// epoll helpers for the WebSocket hub.
int bl_epoll_ctl(int epfd, int op, int fd, uint32_t events);
// Waits and writes up to `max` ready fds and their event masks; returns count or -1.
int bl_epoll_wait(int epfd, int *fds, uint32_t *events, int max, int timeout_ms);
int bl_socket_prepare(int fd); // O_NONBLOCK + TCP_NODELAY; 0 on success
#endif
