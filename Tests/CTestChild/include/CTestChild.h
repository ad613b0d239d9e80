#ifndef BLASTOISE_CTESTCHILD_H
#define BLASTOISE_CTESTCHILD_H
// Child processes for the tests, started with fork + execve from one long-lived thread, so that
// PR_SET_PDEATHSIG (which fires when the *thread* that forked ends) only fires when the test
// process itself is gone — also when it crashes.
#include <sys/types.h>

enum {
  BL_CHILD_STDIN_PIPE = 1,   // otherwise /dev/null
  BL_CHILD_STDOUT_PIPE = 2,  // otherwise /dev/null
  BL_CHILD_STDERR_PIPE = 4,  // otherwise /dev/null
  BL_CHILD_NO_PDEATHSIG = 8, // the child outlives the test process (the run's janitor)
  BL_CHILD_NEW_SESSION = 16, // setsid instead of a process group of its own
};

struct bl_child {
  pid_t pid;
  int input;   // write end of the child's stdin, or -1
  int output;  // read end of its stdout, or -1
  int errors;  // read end of its stderr, or -1
};

// Starts `path` (no PATH search) with `argv`, `envp` (NULL-terminated), the working directory
// `directory` (NULL: unchanged), every signal at its default disposition and none blocked, in a
// process group of its own (its pid), killed with SIGKILL when the test process ends. The
// returned descriptors are close-on-exec. `keep_fd` (or -1) is passed to the child as its
// standard input instead of /dev/null or a pipe. Returns 0 or an errno value.
int bl_child_spawn(const char *path, char *const argv[], char *const envp[], const char *directory, int flags,
                   int keep_fd, struct bl_child *child);

// read(2) that retries on EINTR; -1 with errno on a real error.
long bl_child_read(int fd, void *buffer, unsigned long count);
#endif
