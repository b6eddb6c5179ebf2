import type { INestApplication } from '@nestjs/common';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every API route the running application registered, as "METHOD /api/path/:param". */
export function registeredRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
  return (
    express.router.stack
      .filter((layer) => layer.route?.path.startsWith('/api/'))
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map(
          (method) => `${method.toUpperCase()} ${layer.route!.path.replace(/\/$/, '')}`,
        ),
      )
      // Swagger UI, and the catch-all that Nest adds for middleware (request logging).
      .filter((route) => !route.startsWith('GET /api/docs') && !route.includes('{*'))
  );
}
