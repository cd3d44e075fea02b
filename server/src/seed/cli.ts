// npm run db:seed: migrates the configured database and loads the demo data if it is empty.
import { loadConfig } from '../config';
import { migrate, openDb } from '../db/index';
import { counterFills } from '../conversation/usoRelleno';
import { isEmpty, seedDemo } from './index';

async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect } = await openDb(config);
  try {
    // Counted at once, not as the server's job: nothing is served meanwhile, and when the command
    // ends the counters are whole, so a server started next owes nothing.
    await migrate(db, counterFills);
    const where = dialect === 'sqlite' ? `${config.dataDir}/quipu.db` : 'PostgreSQL';
    if (await isEmpty(db)) {
      await seedDemo(db, config.now(), { historial: { chatTimeZone: config.chatTimeZone } });
      console.log(`Datos de demostración cargados en ${where}. La contraseña de las cuentas de demostración es Demo.2026.`);
    } else {
      console.log(`La base de datos (${where}) ya tiene datos; no se cargó nada.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('No se pudieron cargar los datos de demostración:', error);
  process.exit(1);
});
