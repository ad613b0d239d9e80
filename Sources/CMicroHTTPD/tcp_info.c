// Apart from shim.c: the kernel's <linux/tcp.h> has `tcpi_bytes_received`, glibc's
// <netinet/tcp.h> does not, and the two headers cannot be included together.
#include <stdint.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/tcp.h>
#include <stddef.h>

int64_t bl_socket_bytes_received(int fd) {
  struct tcp_info info;
  socklen_t size = sizeof info;
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return -1;
  // Kernels before 4.1 fill a shorter structure without the field.
  if (size < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return -1;
  return (int64_t)info.tcpi_bytes_received;
}
