// The signed-in console: react-admin with our layout, providers and Spanish texts; the resources
// (usuarios, empresas, auditoria, bots) and one guarded route per custom page (src/routes.tsx).
// Loaded as a lazy chunk after sign-in.
import { useMemo, useState, type ReactNode } from 'react';
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createAuthProvider } from './api/authProvider';
import { API_URL, BASENAME, session, sessionStore, transport } from './api/client';
import { createDataProvider } from './api/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminNotification } from './layout/AdminNotification';
import { adminTheme } from './layout/adminTheme';
import { useBrand } from './layout/BrandContext';
import { Layout } from './layout/Layout';
import { Menu } from './layout/Menu';
import { auditoria } from './resources/auditoria';
import { bots } from './resources/bots';
import { canales } from './resources/canales';
import { skills } from './resources/skills';
import { empresas } from './resources/empresas';
import { usuarios } from './resources/usuarios';
import { APP_ROUTES, isBuilt, type AppRoute } from './routes';
import { ResourceFormRoute, ResourceListRoute } from './routing/ResourceFormRoute';
import { RouteGuard } from './routing/RouteGuard';
import { formRoute, listRoute } from './routing/specPaths';
import { specRouterProvider } from './routing/specRouterProvider';

// The company a search is limited to: the user's own, except for a system admin, whose users and
// audit lists span every company (the server answers all of them when idE is absent).
const searchIdE = () => {
  const user = sessionStore.get()?.user;
  return user && user.rol !== 'ROLE_ADMIN' ? user.idE : undefined;
};
const dataProvider = createDataProvider(API_URL, transport.fetchJson, searchIdE);
const authProvider = createAuthProvider({ store: sessionStore, api: session });

// The sidebar marks the links whose screen is not built yet; the route table says which are.
const ConsoleMenu = () => <Menu isBuilt={isBuilt} />;
const ConsoleLayout = ({ children }: { children: ReactNode }) => <Layout menu={ConsoleMenu}>{children}</Layout>;

function guarded({ check, Screen }: AppRoute) {
  return (
    <RouteGuard check={check}>
      <Screen />
    </RouteGuard>
  );
}

const dashboardRoute = APP_ROUTES.find((route) => route.path === '/')!;
const Dashboard = () => guarded(dashboardRoute);

export default function App() {
  // A browser data router (react-admin's default is a hash router): the console's paths are real
  // paths, and a data router lets a form with unsaved changes hold a navigation (useBlocker).
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <Console /> }], { basename: BASENAME || '/' }));
  return <RouterProvider router={router} />;
}

function Console() {
  const brand = useBrand();
  const theme = useMemo(() => adminTheme(brand), [brand]);
  return (
    <Admin
      disableTelemetry
      requireAuth
      title={brand.name}
      layout={ConsoleLayout}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      notification={AdminNotification}
      dashboard={Dashboard}
      loginPage={false}
      // Every link and redirect react-admin builds lands on the spec's paths: routing/specPaths.ts.
      routerProvider={specRouterProvider}
    >
      <CustomRoutes>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={guarded(route)} />
        ))}
        {/* The forms at their spec paths (/usuario/:id); see routing/specPaths.ts. */}
        <Route path={formRoute('usuarios')} element={<ResourceFormRoute name="usuarios" {...usuarios} />} />
        <Route path={formRoute('empresas')} element={<ResourceFormRoute name="empresas" {...empresas} />} />
        <Route path={listRoute('bots')} element={<ResourceListRoute name="bots" {...bots} />} />
        <Route path={formRoute('bots')} element={<ResourceFormRoute name="bots" {...bots} />} />
        <Route path={formRoute('skills')} element={<ResourceFormRoute name="skills" {...skills} />} />
        <Route path={listRoute('canales')} element={<ResourceListRoute name="canales" {...canales} />} />
      </CustomRoutes>
      <Resource name="usuarios" {...usuarios} />
      <Resource name="empresas" {...empresas} />
      <Resource name="auditoria" {...auditoria} />
      <Resource name="bots" {...bots} />
      <Resource name="skills" {...skills} />
      <Resource name="canales" {...canales} />
    </Admin>
  );
}
