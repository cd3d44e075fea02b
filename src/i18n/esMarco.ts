// Texts of the shared parts in layout/ that several screens use: the system admin's 'Empresa'
// select (with what it asks until a company is picked) and a range's Desde and Hasta. Spread into
// the app catalogue (es.ts) under `quipu`.
export const marcoTexts = {
  empresaPicker: {
    empresa: 'Empresa',
    seleccione: 'Seleccione',
    cargando: 'Cargando...',
    error: 'No se pudo leer la lista de empresas: %{error}',
    verBots: 'Seleccione una empresa para ver sus bots.',
    verCanales: 'Seleccione una empresa para ver sus canales.',
    crearCanal: 'Seleccione una empresa para crear el canal.',
  },
  rangoDias: { desde: 'Desde', hasta: 'Hasta' },
};
