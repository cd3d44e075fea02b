// Who holds a conversation (psi): what `/topic/{psi}` subscriptions are checked against. The engine
// registers each conversation it starts; with several instances it also gives a lookup that reads
// its conversation table, for conversations another instance started.

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

export class ConversationRegistry {
  private readonly known = new Map<string, Conversation>();
  private lookup?: ConversationLookup;

  /** Records a conversation started on this instance. */
  register(psi: string, conversation: Conversation): void {
    this.known.set(psi, conversation);
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
