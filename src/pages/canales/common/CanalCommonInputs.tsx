// The common layout of the Teams, Google, Slack and WhatsApp editors: name, hours and,
// once saved, the bot selector; the kind's own part comes between them and the buttons.
import type { ReactNode } from 'react';
import { CanalBotSelector } from './CanalBotSelector';
import { CanalHoursInputs } from './CanalHoursInputs';
import { CanalNameInput } from './CanalNameInput';
import { CanalStatus } from './CanalStatus';

export function CanalCommonInputs({ children }: { children?: ReactNode }) {
  return (
    <>
      <CanalStatus />
      <CanalNameInput />
      <CanalHoursInputs />
      <CanalBotSelector />
      {children}
    </>
  );
}
