import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('esqueci-senha', 'routes/forgot-password.tsx'),
  route('redefinir-senha', 'routes/reset-password.tsx'),
  route('logout', 'routes/logout.ts'),
  route('newsletter', 'routes/newsletter.ts'),
  route('preferencias/tema', 'routes/theme.ts'),
  route('api/auth/*', 'routes/api.auth.ts'),
  route('area-cliente/*', 'routes/customer-area.tsx'),
  route('admin/*', 'routes/admin.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
