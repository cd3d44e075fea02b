// Architecture rules: which part of Quipu may import which. `npm run lint` checks them on common,
// src and server (after eslint); test/server/arquitectura.test.ts shows each rule refusing a bad
// import. Paths are relative to the project root (or to the baseDir a cruise is given).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'common-no-importa-lados',
      severity: 'error',
      comment: 'common/ es lo que comparten la consola y el servidor: no importa de ninguno de los dos.',
      from: { path: '^common/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'consola-no-importa-servidor',
      severity: 'error',
      comment: 'La consola no importa del servidor: lo compartido va en common/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'servidor-no-importa-consola',
      severity: 'error',
      comment: 'El servidor no importa de la consola: lo compartido va en common/.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'infraestructura-no-sube',
      severity: 'error',
      comment:
        'Los plugins, realtime/ y los trabajos (jobs/) están debajo de los servicios, la conversación, los canales y las rutas: lo que necesitan de ellos va en una capa inferior (auth/, db/, net/) o se les entrega al registrarlos.',
      from: { path: '^server/src/(plugins|realtime|jobs)/' },
      to: { path: '^server/src/((services|conversation|channels|routes|seed)/|(app|main)\\.ts$)' },
    },
    {
      name: 'capas-inferiores-no-suben',
      severity: 'error',
      comment:
        'config, logging, db/, engine/, net/, auth/ y la base (types, errors, secrets) están debajo del resto del servidor: no importan plugins, realtime, trabajos, servicios, conversación, canales, rutas ni la carga de demostración.',
      from: { path: '^server/src/((db|engine|net|auth)/|(config|logging|types|errors|secrets)\\.ts$)' },
      to: { path: '^server/src/((plugins|realtime|jobs|services|conversation|channels|routes|seed)/|(app|main)\\.ts$)' },
    },
    {
      name: 'servicios-no-importan-rutas',
      severity: 'error',
      comment: 'Un servicio no importa rutas, la carga de demostración ni el arranque (app.ts, main.ts): importe el esquema de common/schemas.',
      from: { path: '^server/src/services/' },
      to: { path: '^server/src/((routes|seed)/|(app|main)\\.ts$)' },
    },
    {
      name: 'servicios-no-importan-conversacion',
      severity: 'error',
      comment:
        'La conversación y los canales llaman a los servicios, nunca al revés: lo que un servicio necesita de un turno va en services/ (services/bots/turnContext.ts).',
      from: { path: '^server/src/services/' },
      to: { path: '^server/src/(conversation|channels)/' },
    },
    {
      name: 'ruta-no-importa-ruta',
      severity: 'error',
      comment: 'Una ruta no importa otra ruta: lo compartido va en common/schemas o en un servicio.',
      from: { path: '^server/src/routes/', pathNot: '^server/src/routes/index\\.ts$' },
      to: { path: '^server/src/routes/' },
    },
    // The console's layers, lowest first: api/, i18n/ and widget/ → permissions/ → layout/ →
    // pages/ and auth/ → routing/ → resources/ → the app (boot/, routes.tsx, App.tsx, main.tsx).
    // Each rule keeps one layer from importing any layer above it.
    {
      name: 'consola-datos-no-suben',
      severity: 'error',
      comment:
        'api/, i18n/ y widget/ están debajo del resto de la consola: no importan permisos, marco (layout/), páginas, enrutado, recursos ni la aplicación.',
      from: { path: '^src/(api|i18n|widget)/' },
      to: { path: '^src/((permissions|layout|pages|auth|routing|resources)/|(boot/|(routes|App|main)\\.tsx$))' },
    },
    {
      name: 'consola-permisos-no-suben',
      severity: 'error',
      comment:
        'permissions/ (los hooks de la sesión) está debajo del marco: no importa layout/, páginas, enrutado, recursos ni la aplicación; el guardia de rutas va en routing/.',
      from: { path: '^src/permissions/' },
      to: { path: '^src/((layout|pages|auth|routing|resources)/|(boot/|(routes|App|main)\\.tsx$))' },
    },
    {
      name: 'consola-marco-no-sube',
      severity: 'error',
      comment:
        'layout/ (el marco y las vistas compartidas) no importa páginas, enrutado, recursos ni la aplicación: lo que necesita de ellos se le pasa (el menú recibe isBuilt de App).',
      from: { path: '^src/layout/' },
      to: { path: '^src/((pages|auth|routing|resources)/|(boot/|(routes|App|main)\\.tsx$))' },
    },
    {
      name: 'consola-paginas-no-suben',
      severity: 'error',
      comment:
        'Una página (pages/, auth/) no importa recursos, enrutado ni la aplicación: lo que comparte con un recurso va en layout/ (vistas), api/ o common/ (modelos).',
      from: { path: '^src/(pages|auth)/' },
      to: { path: '^src/((routing|resources)/|(boot/|(routes|App|main)\\.tsx$))' },
    },
    {
      name: 'consola-enrutado-no-sube',
      severity: 'error',
      comment: 'routing/ (las rutas de los formularios y el guardia) no importa recursos ni la aplicación.',
      from: { path: '^src/routing/' },
      to: { path: '^src/(resources/|(boot/|(routes|App|main)\\.tsx$))' },
    },
    {
      name: 'consola-recursos-no-suben',
      severity: 'error',
      comment: 'Un recurso no importa la aplicación (App.tsx, routes.tsx, boot/, main.tsx): App los reúne.',
      from: { path: '^src/resources/' },
      to: { path: '^src/(boot/|(routes|App|main)\\.tsx$)' },
    },
    {
      name: 'sin-ciclos',
      severity: 'error',
      comment: 'Ningún ciclo de imports, tampoco de tipos: lo que dos módulos comparten va en uno inferior.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: a cycle of types also ties the modules together.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|coverage)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
