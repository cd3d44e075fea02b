// Who holds a conversation (psi): what `/topic/{psi}` subscriptions are checked against. The engine
// registers each conversation it answers; with several instances it also gives a lookup that reads
// its conversation table, for conversations another instance started. What is registered is only
// a shortcut past that lookup, so the registry keeps the most recently active ones, not all ever seen.

export interface Conversation {
  idBot: string;
  idE: string;
  /**
   * The console session (sesion.id) that holds it, as the test chat does. A web-widget
   * conversation has none: whoever holds its token (TokenVerifier) holds it.
   */
  sesion?: string;
}

export type ConversationLookup = (psi: string) => Promise<Conversation | undefined>;

/** How many conversations an instance keeps at hand, least recently answered dropped first. */
export const KNOWN_CONVERSATIONS = 50_000;

export class ConversationRegistry {
  /** In the order they were last answered, oldest first. */
  private readonly known = new Map<string, Conversation>();
  private lookup?: ConversationLookup;

  constructor(private readonly capacity = KNOWN_CONVERSATIONS) {}

  /** Records a conversation this instance answered. */
  register(psi: string, conversation: Conversation): void {
    this.known.delete(psi);
    this.known.set(psi, conversation);
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value!);
  }

  /** Drops a conversation (deleted, as DELETE /webchat/demo does, or ended). */
  forget(psi: string): void {
    this.known.delete(psi);
  }

  /** Where to look for conversations this instance did not register (the engine's table). */
  lookUpWith(lookup: ConversationLookup | undefined): void {
    this.lookup = lookup;
  }

  async find(psi: string): Promise<Conversation | undefined> {
    return this.known.get(psi) ?? (await this.lookup?.(psi));
  }
}
