#ifndef BLASTOISE_CSPAWN_H
#define BLASTOISE_CSPAWN_H
// Starts a tool with posix_spawn(3). In C because Swift's Glibc module leaves out the GNU
// functions this needs (pipe2, posix_spawn_file_actions_addchdir_np).
#include <sys/types.h>

struct bl_spawned {
  pid_t pid;
  int output; // read end of the tool's standard output, close-on-exec
  int errors; // read end of its standard error, close-on-exec
};

// Runs `path` with `argv` and `envp` (both NULL-terminated; no shell, no PATH search) in its own
// process group, working directory "/", standard input from /dev/null, every signal at its
// default disposition and none blocked. Returns 0, or an errno value with nothing left open.
int bl_spawn(const char *path, char *const argv[], char *const envp[], struct bl_spawned *spawned);
#endif
