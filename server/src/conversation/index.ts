// The conversation module: one way into a conversation, the gate (gate.ts), for a channel's
// client and the console's test chat (testChat.ts) alike; the turn's queue (turnQueue.ts), the
// turn (turn.ts) on the bots this instance keeps compiled (readyBots.ts), the store (store.ts) and
// the publish on the conversation's own topic (publish.ts).
export { ReadyBots } from './readyBots';
export { TurnQueue } from './turnQueue';
export { KeptConversations } from './store';
export { deliver, type Delivery } from './deliver';
export { DELIVERY_KEEP_MS, receiveChannelMessage, type CanalRow, type Entrance, type InboundMessage, type InboundResult, type TestChatEntrance } from './gate';
export { deleteTestConversations, endTestChatWait, missedTestChatMessages, sendTestChatFiles, sendTestChatMessage } from './testChat';
export type { AttachmentRules, FileReading, InboundFile } from '../engine/attachments';
export { extensionOf, fileInMemory } from '../engine/attachments';
export { CHAT_FILES_BODY_BYTES, CHAT_FILES_LIMITS, chatFilesOf } from './chatFiles';
