// The signed-in console: react-admin with our layout, providers and Spanish texts, and one
// guarded route per signed-in path (src/routes.tsx). Loaded as a lazy chunk after sign-in.
import { useMemo } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes } from 'react-admin';
import { createAuthProvider } from './api/authProvider';
import { API_URL, BASENAME, session, sessionStore, transport } from './api/client';
import { createDataProvider } from './api/dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminNotification } from './layout/AdminNotification';
import { adminTheme } from './layout/adminTheme';
import { useBrand } from './layout/BrandContext';
import { Layout } from './layout/Layout';
import { RouteGuard } from './permissions/RouteGuard';
import { APP_ROUTES, type AppRoute } from './routes';

// The company a search is limited to: the user's own, except for a system admin, whose users and
// audit lists span every company (the server answers all of them when idE is absent).
const searchIdE = () => {
  const user = sessionStore.get()?.user;
  return user && user.rol !== 'ROLE_ADMIN' ? user.idE : undefined;
};
const dataProvider = createDataProvider(API_URL, transport.fetchJson, searchIdE);
const authProvider = createAuthProvider({ store: sessionStore, api: session });

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
  const brand = useBrand();
  const theme = useMemo(() => adminTheme(brand), [brand]);
  // A browser router (react-admin's default is a hash router): the spec's paths are real paths.
  return (
    <BrowserRouter basename={BASENAME}>
      <Admin
        disableTelemetry
        requireAuth
        title={brand.name}
        layout={Layout}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        notification={AdminNotification}
        dashboard={Dashboard}
        loginPage={false}
      >
        <CustomRoutes>
          {APP_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={guarded(route)} />
          ))}
        </CustomRoutes>
        {/* Resources (usuarios, empresas, auditoria, ...) go here: <Resource name="usuarios" {...usuarios} /> */}
      </Admin>
    </BrowserRouter>
  );
}
