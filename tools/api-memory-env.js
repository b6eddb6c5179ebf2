// glibc settings the API runs with everywhere (npm start, serve:prod, the benchmarks and the
// Dockerfile, which sets the same): by default every thread that allocates (libuv's pool,
// libvips, argon2) gets a malloc arena of its own that keeps what it freed, which held
// about 100 MiB after a first start with seeding. Two arenas, and blocks of 32 KiB or more
// mapped on their own so that freeing them returns them to the system: libvips works in
// blocks of 32 to 128 KiB, which at the 128 KiB threshold stayed in the arenas, freed but
// held (some 50 MiB after the demo content's images; 10 MiB at 32 KiB).
// Set in the environment, since glibc reads them when the process starts.
const API_MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

module.exports = { API_MEMORY_ENV };
