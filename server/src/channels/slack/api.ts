// The Web API client (@slack/web-api's WebClient) at SLACK_API_BASE. No retries of its own: a
// webhook's answer must not wait half an hour, and Slack's own retry of the event is answered once.
import { LogLevel, WebClient, type WebAPIPlatformError } from '@slack/web-api';
import type { App } from '../../types';

export const SLACK_TIMEOUT_MS = 15_000;

export function slackClient(app: App, token?: string): WebClient {
  return new WebClient(token, { slackApiUrl: app.config.slackApiBase, retryConfig: { retries: 0 }, timeout: SLACK_TIMEOUT_MS, logLevel: LogLevel.ERROR });
}

/** Slack's error code ('invalid_code', 'channel_not_found'), or undefined when Slack did not answer. */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as Partial<WebAPIPlatformError> | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}
