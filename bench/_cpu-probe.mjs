// Preloaded (--import) into a server the chat bench starts: on SIGUSR2 the process prints its own CPU
// time so far (process.cpuUsage, user + system, µs) as one line on stdout, which the bench reads. The CPU
// a process spends per request is robust to a noisy machine, where requests per second are not.
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`bench_cpu_us: ${user + system}\n`);
});
