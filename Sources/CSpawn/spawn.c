#define _GNU_SOURCE
#include "CSpawn.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int bl_spawn(const char *path, char *const argv[], char *const envp[], struct bl_spawned *spawned) {
  int output[2], errors[2];
  if (pipe2(output, O_CLOEXEC) != 0) return errno;
  if (pipe2(errors, O_CLOEXEC) != 0) {
    int error = errno;
    close(output[0]);
    close(output[1]);
    return error;
  }
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  // dup2 clears close-on-exec on the target descriptor; the pipe ends themselves close at exec.
  int error = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, output[1], 1);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, errors[1], 2);
  if (error == 0) error = posix_spawn_file_actions_addchdir_np(&actions, "/");
  if (error == 0) {
    error = posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  }
  if (error == 0) error = posix_spawnattr_setpgroup(&attributes, 0);
  if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &none);
  if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &all);
  if (error == 0) error = posix_spawn(&spawned->pid, path, &actions, &attributes, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(output[1]);
  close(errors[1]);
  if (error != 0) {
    close(output[0]);
    close(errors[0]);
    return error;
  }
  spawned->output = output[0];
  spawned->errors = errors[0];
  return 0;
}
