#include "CMicroHTTPD.h"
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>

// The daemon's logger travels as the callback's cls: daemons start on many threads at once.
static void bl_forward_log(void *cls, const char *fmt, va_list ap) {
  bl_log_callback logger = (bl_log_callback)cls;
  if (logger == NULL) return;
  char buffer[512];
  vsnprintf(buffer, sizeof buffer, fmt, ap);
  size_t n = strlen(buffer);
  while (n > 0 && (buffer[n - 1] == '\n' || buffer[n - 1] == '\r')) buffer[--n] = '\0';
  logger(buffer);
}

// libmicrohttpd aborts on what it takes for a broken invariant (a socket closed under it, say);
// say where, so a crash names its cause instead of only a backtrace.
static void bl_panic(void *cls, const char *file, unsigned int line, const char *reason) {
  (void)cls;
  fprintf(stderr, "http: libmicrohttpd panic at %s:%u: %s\n", file ? file : "?", line, reason ? reason : "");
  fflush(stderr);
  abort();
}

static pthread_once_t panic_once = PTHREAD_ONCE_INIT;
static void bl_install_panic(void) { MHD_set_panic_func(bl_panic, NULL); }

struct MHD_Daemon *bl_start_daemon(const struct bl_daemon_config *c) {
  struct sockaddr_in v4;
  struct sockaddr_in6 v6;
  struct sockaddr *address;
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_UPGRADE |
                       MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
  memset(&v4, 0, sizeof v4);
  memset(&v6, 0, sizeof v6);
  if (inet_pton(AF_INET, c->host, &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(c->port);
    address = (struct sockaddr *)&v4;
  } else if (inet_pton(AF_INET6, c->host, &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(c->port);
    address = (struct sockaddr *)&v6;
    flags |= MHD_USE_IPv6;
  } else {
    return NULL;
  }
  pthread_once(&panic_once, bl_install_panic);
  return MHD_start_daemon(
      flags, c->port, c->accept_policy, c->callback_cls, c->access_handler, c->callback_cls,
      MHD_OPTION_EXTERNAL_LOGGER, bl_forward_log, (void *)c->log,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_THREAD_POOL_SIZE, c->thread_pool_size,
      MHD_OPTION_CONNECTION_LIMIT, c->connection_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, c->per_ip_connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, c->connection_timeout_seconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, c->connection_memory_limit,
      MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned int)1,
      MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
      MHD_OPTION_NOTIFY_COMPLETED, c->completed, c->callback_cls,
      MHD_OPTION_NOTIFY_CONNECTION, c->notify_connection, c->callback_cls,
      MHD_OPTION_URI_LOG_CALLBACK, c->uri_log, NULL,
      MHD_OPTION_END);
}

uint16_t bl_daemon_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

enum MHD_Result bl_upgrade_close(struct MHD_UpgradeResponseHandle *handle) {
  return MHD_upgrade_action(handle, MHD_UPGRADE_ACTION_CLOSE);
}

void bl_connection_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
  buffer[0] = '\0';
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return;
  const struct sockaddr *address = info->client_addr;
  if (address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
  } else if (address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
  }
}

int bl_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

void *bl_connection_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

int bl_epoll_ctl(int epfd, int op, int fd, uint32_t events) {
  struct epoll_event event;
  memset(&event, 0, sizeof event);
  event.events = events;
  event.data.fd = fd;
  return epoll_ctl(epfd, op, fd, &event);
}

int bl_epoll_wait(int epfd, int *fds, uint32_t *events, int max, int timeout_ms) {
  struct epoll_event ready[256];
  if (max > 256) max = 256;
  int n = epoll_wait(epfd, ready, max, timeout_ms);
  for (int i = 0; i < n; i++) {
    fds[i] = ready[i].data.fd;
    events[i] = ready[i].events;
  }
  return n;
}

int bl_socket_prepare(int fd) {
  int flags = fcntl(fd, F_GETFL, 0);
  if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return -1;
  int one = 1;
  return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}
