// bench/catalog load client: CONNECTIONS keep-alive HTTP/1.1 connections to 127.0.0.1:PORT for
// SECONDS. Without THINK, each sends its next GET as soon as the last answer is in (a closed loop
// with no think time: a saturation test, whose latency is mostly queueing behind the other
// clients); with THINK (MIN-MAX, in ms), each waits a random time in that range after each
// answer, as a person clicking does. Paths are read from PATHS_FILE, one a line, and taken in
// turn. Prints requests, requests per second, p50, p99 and max latency in milliseconds (from
// sending a request to its whole answer), and how many answers were not 200.
// Usage: load PORT COOKIE CONNECTIONS SECONDS PATHS_FILE [THINK]
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
  double next; // when to send the next request (0: waiting for an answer)
} conn;

static char **paths;
static size_t path_count, next_path;
static const char *cookie;
static int port;
static double *latencies;
static size_t latency_count, latency_capacity;
static long errors;
static double think_min, think_max;

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
  if (argc != 6 && argc != 7) {
    fprintf(stderr, "usage: load PORT COOKIE CONNECTIONS SECONDS PATHS_FILE [THINK_MIN_MS-THINK_MAX_MS]\n");
    return 2;
  }
  if (argc == 7 && sscanf(argv[6], "%lf-%lf", &think_min, &think_max) != 2) {
    fprintf(stderr, "THINK is MIN-MAX in ms\n");
    return 2;
  }
  srand(14);
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
  // Paced clients start spread over one think time, not all at once.
  for (int i = 0; i < count; i++) {
    if (think_max > 0) conns[i].next = start + think_max * rand() / RAND_MAX;
    else send_request(&conns[i]);
  }
  struct epoll_event events[256];
  while (now_ms() < stop) {
    double now = now_ms(), soonest = now + 100;
    for (int i = 0; i < count; i++) {
      if (conns[i].next == 0) continue;
      if (conns[i].next <= now) {
        conns[i].next = 0;
        send_request(&conns[i]);
      } else if (conns[i].next < soonest) {
        soonest = conns[i].next;
      }
    }
    int ready = epoll_wait(epoll, events, 256, (int)(soonest - now) + 1);
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
      if (think_max > 0) c->next = now_ms() + think_min + (think_max - think_min) * rand() / RAND_MAX;
      else send_request(c);
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
