export * from './app.config';
export * from './auth.config';
export * from './database.config';
export * from './mail.config';
export * from './rate-limit.config';
export * from './env.validation';
export * from './webhooks.config';
export * from './insights.config';
