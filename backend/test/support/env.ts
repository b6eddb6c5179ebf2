// The HTTP tests choose their database themselves: remember a real MongoDB the developer
// pointed them at, and stop the app from reading it directly.
if (process.env.MONGODB_URI && !process.env.VITRINE_TEST_MONGODB_URI) {
  process.env.VITRINE_TEST_MONGODB_URI = process.env.MONGODB_URI;
}
delete process.env.MONGODB_URI;
