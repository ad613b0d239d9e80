// bench/catalog load client: CONNECTIONS keep-alive HTTP/1.1 connections to 127.0.0.1:PORT, each
// sending its next GET as soon as the last answer is in (closed loop), for SECONDS. Paths are read
// from PATHS_FILE, one a line, and taken in turn. Prints requests, requests per second, p50, p99
// and max latency in milliseconds, and how many answers were not 200.
// Usage: load PORT COOKIE CONNECTIONS SECONDS PATHS_FILE
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd;
  char buf[1 << 20];
  size_t len;
  double sent;
} conn;

static char **paths;
static size_t path_count, next_path;
static const char *cookie;
static int port;
static double *latencies;
static size_t latency_count, latency_capacity;
static long errors;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void send_request(conn *c) {
  char request[4096];
  const char *path = paths[next_path++ % path_count];
  int n = snprintf(request, sizeof request,
                   "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nCookie: blastoise_session=%s\r\n\r\n", path, port,
                   cookie);
  c->sent = now_ms();
  c->len = 0;
  if (write(c->fd, request, n) != n) {
    perror("write");
    exit(1);
  }
}

// 1 when buf holds one whole answer (headers and Content-Length bytes of body).
static int complete(conn *c, int *status) {
  c->buf[c->len] = 0;
  char *end = strstr(c->buf, "\r\n\r\n");
  if (end == NULL) return 0;
  char *length = strcasestr(c->buf, "\r\nContent-Length:");
  long body = length && length < end ? strtol(length + 17, NULL, 10) : 0;
  if ((size_t)(end + 4 - c->buf) + body > c->len) return 0;
  *status = atoi(c->buf + 9);
  return 1;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: load PORT COOKIE CONNECTIONS SECONDS PATHS_FILE\n");
    return 2;
  }
  port = atoi(argv[1]);
  int count = atoi(argv[3]);
  double seconds = atof(argv[4]);
  cookie = argv[2];
  FILE *file = fopen(argv[5], "r");
  if (!file) {
    perror(argv[5]);
    return 1;
  }
  char line[4096];
  while (fgets(line, sizeof line, file)) {
    line[strcspn(line, "\r\n")] = 0;
    if (!*line) continue;
    paths = realloc(paths, (path_count + 1) * sizeof *paths);
    paths[path_count++] = strdup(line);
  }
  fclose(file);
  int epoll = epoll_create1(0);
  conn *conns = calloc(count, sizeof *conns);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  for (int i = 0; i < count; i++) {
    conns[i].fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(conns[i].fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(conns[i].fd, (struct sockaddr *)&address, sizeof address) != 0) {
      perror("connect");
      return 1;
    }
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = &conns[i]};
    epoll_ctl(epoll, EPOLL_CTL_ADD, conns[i].fd, &event);
  }
  double start = now_ms(), stop = start + seconds * 1e3;
  for (int i = 0; i < count; i++) send_request(&conns[i]);
  struct epoll_event events[256];
  while (now_ms() < stop) {
    int ready = epoll_wait(epoll, events, 256, 100);
    for (int i = 0; i < ready; i++) {
      conn *c = events[i].data.ptr;
      ssize_t n = read(c->fd, c->buf + c->len, sizeof c->buf - 1 - c->len);
      if (n <= 0) {
        fprintf(stderr, "connection closed by the server\n");
        return 1;
      }
      c->len += n;
      int status;
      if (!complete(c, &status)) continue;
      if (latency_count == latency_capacity) {
        latency_capacity = latency_capacity ? latency_capacity * 2 : 65536;
        latencies = realloc(latencies, latency_capacity * sizeof *latencies);
      }
      latencies[latency_count++] = now_ms() - c->sent;
      if (status != 200) errors++;
      send_request(c);
    }
  }
  double elapsed = (now_ms() - start) / 1e3;
  qsort(latencies, latency_count, sizeof *latencies, compare);
  if (latency_count == 0) {
    fprintf(stderr, "no answers\n");
    return 1;
  }
  printf("%zu requests, %.0f/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms, %ld not 200\n", latency_count,
         latency_count / elapsed, latencies[latency_count / 2], latencies[(size_t)(latency_count * 0.99)],
         latencies[latency_count - 1], errors);
  return 0;
}
