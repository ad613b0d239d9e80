// bench/fanout client: opens N WebSocket listeners to one room (spreading source addresses over
// 127.0.0.x), waits until each has its first state, then waits for the state that follows a
// control action and prints p50/p99/max of (arrival − action time) in milliseconds.
// Usage: fanout PORT ROOM_ID COOKIE N TRIGGER_FIFO
//   After all listeners are connected it prints "ready" and reads one line from TRIGGER_FIFO
//   holding the action's wall time in microseconds since the epoch.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

typedef struct {
  int fd;
  int stage;  // 0 handshake, 1 waiting first state, 2 waiting update, 3 done
  char buf[262144];
  size_t len;
  double arrived_us;
} listener;

static double now_us(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec * 1e6 + tv.tv_usec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// Consumes complete frames; returns how many text frames contained `needle`.
static int consume_frames(listener *l, const char *needle) {
  int found = 0;
  for (;;) {
    if (l->len < 2) return found;
    unsigned char *p = (unsigned char *)l->buf;
    size_t header = 2, payload = p[1] & 0x7f;
    if (payload == 126) {
      if (l->len < 4) return found;
      payload = (p[2] << 8) | p[3];
      header = 4;
    } else if (payload == 127) {
      if (l->len < 10) return found;
      payload = 0;
      for (int i = 2; i < 10; i++) payload = (payload << 8) | p[i];
      header = 10;
    }
    if (l->len < header + payload) return found;
    if ((p[0] & 0x0f) == 1 && memmem(p + header, payload, needle, strlen(needle))) found++;
    memmove(l->buf, l->buf + header + payload, l->len - header - payload);
    l->len -= header + payload;
  }
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: fanout PORT ROOM COOKIE N TRIGGER_FIFO\n");
    return 2;
  }
  int port = atoi(argv[1]), n = atoi(argv[4]);
  const char *room = argv[2], *cookie = argv[3];
  struct rlimit limit = {n + 256, n + 256};
  setrlimit(RLIMIT_NOFILE, &limit);
  listener *ls = calloc(n, sizeof(listener));
  int ep = epoll_create1(0);
  char request[2048];
  int request_len = snprintf(request, sizeof request,
                             "GET /api/channels/%s/ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\nCookie: blastoise_session=%s\r\n\r\n",
                             room, port, cookie);
  for (int i = 0; i < n; i++) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in source = {.sin_family = AF_INET};
    source.sin_addr.s_addr = htonl(0x7f000000 | (2 + i / 10000));  // 127.0.0.2, .3, …
    bind(fd, (struct sockaddr *)&source, sizeof source);
    struct sockaddr_in server = {.sin_family = AF_INET, .sin_port = htons(port)};
    server.sin_addr.s_addr = htonl(0x7f000001);
    if (connect(fd, (struct sockaddr *)&server, sizeof server) != 0) {
      perror("connect");
      return 1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (write(fd, request, request_len) != request_len) return 1;
    fcntl(fd, F_SETFL, O_NONBLOCK);
    ls[i].fd = fd;
    struct epoll_event event = {.events = EPOLLIN, .data.u32 = i};
    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &event);
    if (i % 500 == 499) usleep(20000);  // let the server accept in waves
  }
  struct epoll_event events[512];
  int ready = 0, done = 0;
  double action_us = 0;
  FILE *trigger = NULL;
  while (done < n) {
    int count = epoll_wait(ep, events, 512, 10000);
    if (count == 0) {
      fprintf(stderr, "timeout: %d ready, %d done\n", ready, done);
      return 1;
    }
    double t = now_us();
    for (int e = 0; e < count; e++) {
      listener *l = &ls[events[e].data.u32];
      ssize_t got;
      while ((got = read(l->fd, l->buf + l->len, sizeof l->buf - l->len)) > 0) l->len += got;
      if (l->stage == 0) {
        char *end = memmem(l->buf, l->len, "\r\n\r\n", 4);
        if (!end) continue;
        if (strncmp(l->buf, "HTTP/1.1 101", 12) != 0) {
          fprintf(stderr, "handshake refused: %.60s\n", l->buf);
          return 1;
        }
        size_t head = end + 4 - l->buf;
        memmove(l->buf, l->buf + head, l->len - head);
        l->len -= head;
        l->stage = 1;
      }
      if (l->stage == 1 && consume_frames(l, "\"queue\"") > 0) {
        l->stage = 2;
        if (++ready == n) {
          printf("ready\n");
          fflush(stdout);
          trigger = fopen(argv[5], "r");
          if (!trigger || fscanf(trigger, "%lf", &action_us) != 1) return 1;
        }
      } else if (l->stage == 2 && action_us > 0 && consume_frames(l, "\"paused\":true") > 0) {
        l->stage = 3;
        l->arrived_us = t;
        done++;
      } else if (l->stage >= 2) {
        consume_frames(l, "\x01");
      }
    }
  }
  double *latencies = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) latencies[i] = (ls[i].arrived_us - action_us) / 1000.0;
  qsort(latencies, n, sizeof(double), cmp);
  printf("listeners=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f\n", n, latencies[n / 2], latencies[(int)(n * 0.99)],
         latencies[n - 1]);
  return 0;
}
