// The widget's STOMP link after a lost socket: it connects again after the backoff's wait (growing
// with each failed try, back to the first after a connection), with the same passcode, to whichever
// instance answers the address; a link that was stopped does not come back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stompjsLink, type StompHandlers } from '../../../src/widget/connection';

interface FakeClient {
  config: { connectHeaders: { passcode: string }; reconnectDelay: number; onConnect: () => void; onWebSocketClose: () => void };
  activated: number;
  deactivated: number;
}
const clients: FakeClient[] = [];

vi.mock('@stomp/stompjs', () => ({
  Client: class {
    fake: FakeClient;
    constructor(config: FakeClient['config']) {
      this.fake = { config, activated: 0, deactivated: 0 };
      clients.push(this.fake);
    }
    activate() {
      this.fake.activated += 1;
    }
    deactivate() {
      this.fake.deactivated += 1;
      return Promise.resolve();
    }
    subscribe() {
      return { unsubscribe: () => undefined };
    }
  },
}));

const handlers = (): StompHandlers => ({ onConnect: vi.fn(), onMessage: vi.fn(), onRefused: vi.fn(), onClose: vi.fn() });

describe('la conexión STOMP del widget', () => {
  beforeEach(() => {
    clients.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('tras perder el socket vuelve a conectar con la misma credencial, esperando más en cada intento fallido y lo mismo que al principio tras conectar', () => {
    const delay = vi.fn((failures: number) => 1000 * (failures + 1));
    const on = handlers();
    const link = stompjsLink('wss://bots.example.com/api/ws', on, delay);
    link.start('tok-1', 'web-1');
    expect(clients).toHaveLength(1);
    expect(clients[0].config).toMatchObject({ connectHeaders: { passcode: 'tok-1' }, reconnectDelay: 0 });
    clients[0].config.onConnect();

    clients[0].config.onWebSocketClose();
    expect(on.onClose).toHaveBeenCalledTimes(1);
    expect(delay).toHaveBeenLastCalledWith(0);
    vi.advanceTimersByTime(999);
    expect(clients).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(clients).toHaveLength(2);
    expect(clients[1]).toMatchObject({ activated: 1, config: { connectHeaders: { passcode: 'tok-1' } } });

    // That try fails too: the next waits longer.
    clients[1].config.onWebSocketClose();
    expect(delay).toHaveBeenLastCalledWith(1);
    vi.advanceTimersByTime(2000);
    expect(clients).toHaveLength(3);
    clients[2].config.onConnect();
    expect(on.onConnect).toHaveBeenCalledTimes(2);

    // Connected again: a later drop starts from the first wait.
    clients[2].config.onWebSocketClose();
    expect(delay).toHaveBeenLastCalledWith(0);
  });

  it('detenida, no vuelve a conectar', () => {
    const link = stompjsLink('wss://bots.example.com/api/ws', handlers(), () => 1000);
    link.start('tok-1', 'web-1');
    link.stop();
    clients[0].config.onWebSocketClose();
    vi.advanceTimersByTime(60_000);
    expect(clients).toHaveLength(1);
    expect(clients[0].deactivated).toBe(1);
  });
});
