// Prometheus metrics: one registry per app (tests build many apps in one process), Node's default
// metrics and Quipu's own, served as text at `/metrics` beside the API to a caller with
// METRICS_TOKEN as its bearer token. No label carries a company's name, a user or a message: the
// channel kind's name, a job kind, a call's result, and the company id only where
// METRICS_POR_EMPRESA turns it on.
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CANAL_KINDS, CANAL_NAMES } from '../../../common/schemas/canales';
import { unauthorized } from '../errors';
import { ROUTE_NOT_FOUND } from './errors';
import type { App } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's figures for Prometheus (plugins/metrics.ts). */
    metrics: Metricas;
  }
}

/** How an outbound call ended: answered (any status), refused by the guard, or failed to connect or answer. */
export type ResultadoSaliente = 'permitida' | 'rechazada' | 'fallida';

/** Jobs of one kind not yet ended. */
export interface TrabajosAbiertos {
  enEspera: number;
  enCurso: number;
}

/** What the gauges read at scrape time. */
export interface MetricSources {
  stomp: () => { conexiones: number; suscripciones: number };
  trabajos: () => Promise<Map<string, TrabajosAbiertos>>;
  /** Counts an upgrade owes the recorded history, not yet done. */
  rellenos?: () => Promise<number>;
}

export const METRICS_MESSAGES = {
  unauthorized: 'Se requiere el token de métricas',
} as const;

/** From a millisecond's turn to a ten-second one. */
const TURN_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From a few phrases trained inline to a training stopped at TRAIN_TIMEOUT_SECONDS' default. */
const TRAINING_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

const kindName = new Map<number, string>(CANAL_NAMES.map((name) => [CANAL_KINDS[name].red, name]));

export interface MetricasOptions {
  /** Adds the company id as label `empresa` of the messages counter (METRICS_POR_EMPRESA). */
  porEmpresa: boolean;
  /** Node's default metrics (they install observers for the process's life: only when they are served). */
  defaults: boolean;
}

export class Metricas {
  readonly registry = new Registry();
  private readonly porEmpresa: boolean;
  private sources?: MetricSources;
  private readonly mensajes: Counter<'canal' | 'empresa'>;
  private readonly turnos: Histogram;
  private readonly entrenamientos: Histogram;
  private readonly salientes: Counter<'resultado'>;
  private readonly conexiones: Gauge;
  private readonly suscripciones: Gauge;
  private readonly enEspera: Gauge<'tipo'>;
  private readonly enCurso: Gauge<'tipo'>;
  private readonly rellenos: Gauge;

  constructor(options: MetricasOptions) {
    const registers = [this.registry];
    this.porEmpresa = options.porEmpresa;
    if (options.defaults) collectDefaultMetrics({ register: this.registry });
    this.mensajes = new Counter({
      name: 'quipu_mensajes_total',
      help: 'Mensajes de clientes atendidos por el bot, por tipo de canal',
      labelNames: options.porEmpresa ? ['canal', 'empresa'] : ['canal'],
      registers,
    });
    if (!options.porEmpresa) for (const canal of CANAL_NAMES) this.mensajes.inc({ canal }, 0);
    this.turnos = new Histogram({ name: 'quipu_turno_duracion_segundos', help: 'Duración de un turno de conversación', buckets: TURN_BUCKETS, registers });
    this.entrenamientos = new Histogram({ name: 'quipu_despliegue_entrenamiento_segundos', help: 'Duración del entrenamiento de un despliegue', buckets: TRAINING_BUCKETS, registers });
    this.salientes = new Counter({ name: 'quipu_llamadas_salientes_total', help: 'Llamadas a direcciones que escribió un usuario, por resultado', labelNames: ['resultado'], registers });
    for (const resultado of ['permitida', 'rechazada', 'fallida'] as const) this.salientes.inc({ resultado }, 0);
    this.conexiones = new Gauge({ name: 'quipu_stomp_conexiones', help: 'Conexiones STOMP abiertas en esta instancia', registers });
    this.suscripciones = new Gauge({ name: 'quipu_stomp_suscripciones', help: 'Suscripciones STOMP en esta instancia', registers });
    this.enEspera = new Gauge({ name: 'quipu_trabajos_en_espera', help: 'Trabajos en espera, por tipo', labelNames: ['tipo'], registers });
    this.enCurso = new Gauge({ name: 'quipu_trabajos_en_curso', help: 'Trabajos en curso, por tipo', labelNames: ['tipo'], registers });
    this.rellenos = new Gauge({ name: 'quipu_rellenos_pendientes', help: 'Conteos del historial anterior a una actualización aún por terminar', registers });
  }

  /** Where the gauges are read from (the app sets it once its broker and job table exist). */
  readFrom(sources: MetricSources): void {
    this.sources = sources;
  }

  /** A client's message on a channel of type code `red`; none for a code outside the catalogue. */
  mensaje(red: number, idE: string): void {
    const canal = kindName.get(red);
    if (canal === undefined) return;
    this.mensajes.inc(this.porEmpresa ? { canal, empresa: idE } : { canal });
  }

  turno(seconds: number): void {
    this.turnos.observe(seconds);
  }

  entrenamiento(seconds: number): void {
    this.entrenamientos.observe(seconds);
  }

  saliente(resultado: ResultadoSaliente): void {
    this.salientes.inc({ resultado });
  }

  /** The text Prometheus reads, the gauges read now. */
  async scrape(): Promise<string> {
    if (this.sources) {
      const stomp = this.sources.stomp();
      this.conexiones.set(stomp.conexiones);
      this.suscripciones.set(stomp.suscripciones);
      const trabajos = await this.sources.trabajos();
      this.enEspera.reset();
      this.enCurso.reset();
      for (const [tipo, counts] of trabajos) {
        this.enEspera.set({ tipo }, counts.enEspera);
        this.enCurso.set({ tipo }, counts.enCurso);
      }
      if (this.sources.rellenos) this.rellenos.set(await this.sources.rellenos());
    }
    return this.registry.metrics();
  }
}

/** Seconds since `started` (a performance.now() reading). */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** The metrics address: `metrics` beside the API's own path (API_BASE '/api' gives '/metrics'). */
export const metricsPath = (apiBase: string) => `${apiBase.replace(/\/[^/]*$/, '')}/metrics`;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries `token` as its bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? '';
  // Digests of equal length: the comparison's time says nothing of the token's length or content.
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * GET /metrics for a caller with METRICS_TOKEN. With no token set it answers as an unknown API
 * route does (404), also where the console is served, whose fallback would hand a scraper its page.
 */
export async function metricsRoute(app: App): Promise<void> {
  const token = app.config.metricsToken;
  const path = metricsPath(app.config.apiBase);
  if (!token) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) => reply.status(404).send({ message: ROUTE_NOT_FOUND }));
    return;
  }
  app.get(path, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(METRICS_MESSAGES.unauthorized);
    }
    const text = await app.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
}
