/*
 * The C reference for `deno task bench`: the same reads gputop does, in plain C, so the bench
 * can say how far gputop is from what the kernel interface allows.
 *
 *   reference_scanner scan   PROC_ROOT ITERATIONS   full walk: list PROC_ROOT, list each
 *       pid's fd/ (sorted), readlink each fd, for /dev/dri/ and /dev/accel/ links read and
 *       parse fdinfo/<fd> (drm-driver, drm-pdev, drm-client-id, drm-resident-vram), dedup by
 *       (pdev, client id), sum resident VRAM per pid.
 *   reference_scanner oneshot PROC_ROOT ITERATIONS   the full walk, then comm, status and
 *       cmdline, stat and cgroup of each pid with DRM memory (what one `gputop --json` reads);
 *       prints as scan.
 *   reference_scanner enrich PROC_ROOT ITERATIONS PID...   read comm, status (Uid, VmRSS)
 *       and cmdline of each pid.
 *
 * Prints "cpu_us N" for each iteration (CLOCK_PROCESS_CPUTIME_ID), then the result of the
 * last one: "pid bytes" lines (scan: resident VRAM; enrich: RSS).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_TEXT 65536

static char text[MAX_TEXT + 1];

static double cpu_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int is_number(const char *name) {
  if (!*name) return 0;
  for (; *name; name++)
    if (*name < '0' || *name > '9') return 0;
  return 1;
}

static int compare_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

/* Numeric entries of a directory, ascending; -1 when it cannot be listed. */
static long list_numeric(const char *path, long **out, long *capacity) {
  DIR *dir = opendir(path);
  if (!dir) return -1;
  long count = 0;
  struct dirent *entry;
  while ((entry = readdir(dir)) != NULL) {
    if (!is_number(entry->d_name)) continue;
    if (count == *capacity) {
      *capacity = *capacity ? *capacity * 2 : 64;
      *out = realloc(*out, *capacity * sizeof(long));
    }
    (*out)[count++] = atol(entry->d_name);
  }
  closedir(dir);
  qsort(*out, count, sizeof(long), compare_long);
  return count;
}

static long read_text(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  long total = 0, n;
  while (total < MAX_TEXT && (n = read(fd, text + total, MAX_TEXT - total)) > 0) total += n;
  close(fd);
  text[total] = 0;
  return total;
}

static uint64_t scaled(const char *value) {
  char *end;
  uint64_t n = strtoull(value, &end, 10);
  while (*end == ' ' || *end == '\t') end++;
  if (strncmp(end, "KiB", 3) == 0) return n << 10;
  if (strncmp(end, "MiB", 3) == 0) return n << 20;
  if (strncmp(end, "GiB", 3) == 0) return n << 30;
  return n;
}

/* Open-addressing set of (pdev, client id) keys. */
#define SEEN_SLOTS (1 << 20)
static uint64_t seen[SEEN_SLOTS];

static int seen_add(uint64_t key) {
  key |= 1; /* 0 marks an empty slot */
  uint64_t slot = (key * 0x9E3779B97F4A7C15ull) >> 44;
  while (seen[slot] != 0) {
    if (seen[slot] == key) return 0;
    slot = (slot + 1) & (SEEN_SLOTS - 1);
  }
  seen[slot] = key;
  return 1;
}

static uint64_t hash_text(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

struct pid_sum {
  long pid;
  uint64_t bytes;
  int has;
};

static struct pid_sum *sums;
static long sum_count;

static void scan(const char *root) {
  static long *pids, pid_capacity, *fds, fd_capacity;
  memset(seen, 0, sizeof seen);
  long npids = list_numeric(root, &pids, &pid_capacity);
  if (npids < 0) return;
  sums = realloc(sums, (npids ? npids : 1) * sizeof *sums);
  sum_count = 0;
  char path[4096], target[4096];
  for (long p = 0; p < npids; p++) {
    snprintf(path, sizeof path, "%s/%ld/fd", root, pids[p]);
    long nfds = list_numeric(path, &fds, &fd_capacity);
    if (nfds < 0) continue;
    struct pid_sum sum = {pids[p], 0, 0};
    for (long f = 0; f < nfds; f++) {
      snprintf(path, sizeof path, "%s/%ld/fd/%ld", root, pids[p], fds[f]);
      ssize_t n = readlink(path, target, sizeof target - 1);
      if (n < 0) continue;
      target[n] = 0;
      if (strncmp(target, "/dev/dri/", 9) != 0 && strncmp(target, "/dev/accel/", 11) != 0) continue;
      snprintf(path, sizeof path, "%s/%ld/fdinfo/%ld", root, pids[p], fds[f]);
      if (read_text(path) < 0) continue;
      int driver = 0;
      const char *pdev = "", *client = NULL;
      size_t pdev_len = 0, client_len = 0;
      uint64_t vram = 0;
      int has_vram = 0;
      for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        char *colon = strchr(line, ':');
        if (colon) {
          *colon = 0;
          char *value = colon + 1;
          while (*value == ' ' || *value == '\t') value++;
          if (strcmp(line, "drm-driver") == 0) driver = 1;
          else if (strcmp(line, "drm-pdev") == 0 && !pdev_len) pdev = value, pdev_len = strlen(value);
          else if (strcmp(line, "drm-client-id") == 0 && !client) client = value, client_len = strlen(value);
          else if (strcmp(line, "drm-resident-vram") == 0 && !has_vram) vram = scaled(value), has_vram = 1;
        }
        line = next;
      }
      if (!driver) continue;
      uint64_t key = client ? hash_text(pdev, pdev_len) ^ (hash_text(client, client_len) * 31)
                            : ((uint64_t)pids[p] << 20) ^ (uint64_t)fds[f];
      if (!seen_add(key)) continue;
      if (has_vram) sum.bytes += vram, sum.has = 1;
    }
    if (sum.has) sums[sum_count++] = sum;
  }
}

/* comm, cmdline and status of one pid; its RSS in bytes, or -1 without a VmRSS line. */
static long long enrich_one(const char *root, long pid) {
  char path[4096], comm[256], command[4096];
  snprintf(path, sizeof path, "%s/%ld/comm", root, pid);
  long n = read_text(path);
  if (n > 0) snprintf(comm, sizeof comm, "%.*s", (int)(n - 1), text);
  snprintf(path, sizeof path, "%s/%ld/cmdline", root, pid);
  n = read_text(path);
  for (long j = 0; j < n; j++) command[j < 4095 ? j : 4095] = text[j] ? text[j] : ' ';
  snprintf(path, sizeof path, "%s/%ld/status", root, pid);
  if (read_text(path) < 0) return -1;
  char *uid = strstr(text, "\nUid:"), *rss = strstr(text, "\nVmRSS:");
  long user = uid ? atol(uid + 5) : -1;
  (void)user;
  (void)comm;
  (void)command;
  return rss ? (long long)strtoull(rss + 7, NULL, 10) * 1024 : -1;
}

static void enrich(const char *root, char **pids, int count) {
  sums = realloc(sums, (count ? count : 1) * sizeof *sums);
  sum_count = 0;
  for (int i = 0; i < count; i++) {
    long pid = atol(pids[i]);
    long long rss = enrich_one(root, pid);
    if (rss >= 0) sums[sum_count++] = (struct pid_sum){pid, (uint64_t)rss, 1};
  }
}

/* What a one-shot `gputop --json` reads: the full walk, then each GPU process's details. */
static void oneshot(const char *root) {
  char path[4096];
  scan(root);
  for (long i = 0; i < sum_count; i++) {
    (void)enrich_one(root, sums[i].pid);
    /* gputop's one-shot enrichment also reads stat (start time, state) and cgroup. */
    snprintf(path, sizeof path, "%s/%ld/stat", root, sums[i].pid);
    (void)read_text(path);
    snprintf(path, sizeof path, "%s/%ld/cgroup", root, sums[i].pid);
    (void)read_text(path);
  }
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s scan|oneshot|enrich PROC_ROOT ITERATIONS [PID...]\n", argv[0]);
    return 2;
  }
  int iterations = atoi(argv[3]);
  int do_scan = strcmp(argv[1], "scan") == 0;
  int do_oneshot = strcmp(argv[1], "oneshot") == 0;
  for (int i = 0; i < iterations; i++) {
    double start = cpu_us();
    if (do_oneshot) oneshot(argv[2]);
    else if (do_scan) scan(argv[2]);
    else enrich(argv[2], argv + 4, argc - 4);
    printf("cpu_us %.1f\n", cpu_us() - start);
  }
  for (long i = 0; i < sum_count; i++) printf("%ld %llu\n", sums[i].pid, (unsigned long long)sums[i].bytes);
  return 0;
}
