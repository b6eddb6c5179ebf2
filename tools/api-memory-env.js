// glibc settings the API runs with everywhere (npm start, serve:prod, the benchmarks and the
// Dockerfile, which sets the same): by default every thread that allocates (libuv's pool,
// libvips, argon2) gets a malloc arena of its own that keeps what it freed, which held
// about 100 MiB after a first start with seeding. Two arenas, and blocks of 128 KiB or
// more mapped on their own so that freeing them returns them to the system.
// Set in the environment, since glibc reads them when the process starts.
const API_MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

module.exports = { API_MEMORY_ENV };
