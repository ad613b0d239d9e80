#define _GNU_SOURCE
#include "CTestChild.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

struct request {
  const char *path;
  char *const *argv;
  char *const *envp;
  const char *directory;
  int flags;
  int keep_fd;
  struct bl_child *child;
  int result;
  int done;
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t submit_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t requested = PTHREAD_COND_INITIALIZER;
static pthread_cond_t answered = PTHREAD_COND_INITIALIZER;
static struct request *pending = NULL;

static void close_pair(int pair[2]) {
  if (pair[0] >= 0) close(pair[0]);
  if (pair[1] >= 0) close(pair[1]);
}

// Only async-signal-safe calls between fork and exec.
static void become_child(struct request *r, pid_t parent, int in[2], int out[2], int err[2], int report) {
  if (!(r->flags & BL_CHILD_NO_PDEATHSIG)) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
  }
  if (r->flags & BL_CHILD_NEW_SESSION) {
    setsid();
  } else {
    setpgid(0, 0);
  }
  sigset_t none;
  sigemptyset(&none);
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; signal++) {
    if (signal != SIGKILL && signal != SIGSTOP) sigaction(signal, &dfl, NULL);
  }
  sigprocmask(SIG_SETMASK, &none, NULL);
  int null = open("/dev/null", O_RDWR);
  int input = r->keep_fd >= 0 ? r->keep_fd : (in[0] >= 0 ? in[0] : null);
  if (dup2(input, 0) < 0 || dup2(out[1] >= 0 ? out[1] : null, 1) < 0 || dup2(err[1] >= 0 ? err[1] : null, 2) < 0) {
    int error = errno;
    (void)!write(report, &error, sizeof error);
    _exit(127);
  }
  // Nothing else of the test process leaks in (its sockets would keep connections open); the
  // report pipe closes at exec.
  if (report > 3) close_range(3, (unsigned)report - 1, 0);
  close_range((unsigned)report + 1, ~0U, 0);
  if (r->directory != NULL && chdir(r->directory) != 0) {
    int error = errno;
    (void)!write(report, &error, sizeof error);
    _exit(127);
  }
  execve(r->path, r->argv, r->envp);
  int error = errno;
  (void)!write(report, &error, sizeof error);
  _exit(127);
}

static int spawn(struct request *r) {
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
  int error = 0;
  if ((r->flags & BL_CHILD_STDIN_PIPE) && pipe2(in, O_CLOEXEC) != 0) error = errno;
  if (!error && (r->flags & BL_CHILD_STDOUT_PIPE) && pipe2(out, O_CLOEXEC) != 0) error = errno;
  if (!error && (r->flags & BL_CHILD_STDERR_PIPE) && pipe2(err, O_CLOEXEC) != 0) error = errno;
  if (!error && pipe2(report, O_CLOEXEC) != 0) error = errno;
  if (error) {
    close_pair(in), close_pair(out), close_pair(err), close_pair(report);
    return error;
  }
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    error = errno;
    close_pair(in), close_pair(out), close_pair(err), close_pair(report);
    return error;
  }
  if (pid == 0) become_child(r, parent, in, out, err, report[1]);
  // Also here, against the race with the child's exec: whichever runs first sets the group.
  if (!(r->flags & BL_CHILD_NEW_SESSION)) setpgid(pid, pid);
  close(report[1]);
  if (in[0] >= 0) close(in[0]);
  if (out[1] >= 0) close(out[1]);
  if (err[1] >= 0) close(err[1]);
  int child_error = 0;
  long got;
  do {
    got = read(report[0], &child_error, sizeof child_error);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  if (got == sizeof child_error) {
    // exec failed: the child is exiting; reap it.
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (in[1] >= 0) close(in[1]);
    if (out[0] >= 0) close(out[0]);
    if (err[0] >= 0) close(err[0]);
    return child_error;
  }
  r->child->pid = pid;
  r->child->input = in[1];
  r->child->output = out[0];
  r->child->errors = err[0];
  return 0;
}

static void *spawner(void *unused) {
  (void)unused;
  pthread_mutex_lock(&lock);
  for (;;) {
    while (pending == NULL) pthread_cond_wait(&requested, &lock);
    struct request *r = pending;
    pending = NULL;
    pthread_mutex_unlock(&lock);
    int result = spawn(r);
    pthread_mutex_lock(&lock);
    r->result = result;
    r->done = 1;
    pthread_cond_broadcast(&answered);
  }
  return NULL;
}

static void start_spawner(void) {
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);  // signals go to other threads
  pthread_t thread;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_create(&thread, &attributes, spawner, NULL);
  pthread_attr_destroy(&attributes);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

int bl_child_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int flags,
                   int keep_fd, struct bl_child *child) {
  pthread_once(&once, start_spawner);
  struct request r = {path, argv, envp, directory, flags, keep_fd, child, 0, 0};
  pthread_mutex_lock(&submit_lock);
  pthread_mutex_lock(&lock);
  pending = &r;
  pthread_cond_signal(&requested);
  while (!r.done) pthread_cond_wait(&answered, &lock);
  pthread_mutex_unlock(&lock);
  pthread_mutex_unlock(&submit_lock);
  return r.result;
}

long bl_child_read(int fd, void *buffer, unsigned long count) {
  for (;;) {
    long got = read(fd, buffer, count);
    if (got >= 0 || errno != EINTR) return got;
  }
}
