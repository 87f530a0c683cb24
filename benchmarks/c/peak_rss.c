/* Run a command; report its wall time and its own peak resident set size (ru_maxrss).
 *
 * Linux keeps a process's peak RSS across exec, counting the memory it had between fork and
 * exec: a child spawned by the benchmark's Python process starts with the parent's ~25 MB, so
 * a small solver's peak reads as the parent's.  Spawned from this small program instead, the
 * figure is the command's own (within this program's ~1 MB).
 *
 * Usage: peak_rss REPORT TIMEOUT COMMAND [ARG...]
 * Runs COMMAND (stdin, stdout, stderr inherited), kills it with SIGKILL after TIMEOUT seconds,
 * and writes one line to the file REPORT: "EXIT MAXRSS_KB WALL_SECONDS TIMED_OUT", where EXIT is
 * the exit code, or minus the signal number that ended it.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile pid_t child = 0;
static volatile sig_atomic_t timed_out = 0;

static void on_alarm(int sig) {
    (void)sig;
    timed_out = 1;
    if (child > 0) kill(child, SIGKILL);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s REPORT TIMEOUT COMMAND [ARG...]\n", argv[0]);
        return 2;
    }
    double timeout = atof(argv[2]);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    child = fork();
    if (child < 0) { perror("fork"); return 2; }
    if (child == 0) {
        execvp(argv[3], argv + 3);
        perror("exec");
        _exit(127);
    }
    signal(SIGALRM, on_alarm);
    struct itimerval limit = {{0, 0}, {(time_t)timeout, (suseconds_t)((timeout - (time_t)timeout) * 1e6)}};
    setitimer(ITIMER_REAL, &limit, NULL);
    int status;
    struct rusage usage;
    while (wait4(child, &status, 0, &usage) < 0) {}   /* EINTR when the alarm rings */
    clock_gettime(CLOCK_MONOTONIC, &end);
    FILE *report = fopen(argv[1], "w");
    if (!report) { perror("report"); return 2; }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    fprintf(report, "%d %ld %.6f %d\n", code, usage.ru_maxrss,
            (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9, (int)timed_out);
    fclose(report);
    return 0;
}
