// The three places of the bot editor that other parts of the console fill: the flow diagram on
// the General tab (src/resources/bots/flow/) and 'Desplegar' / 'Versiones' in the toolbar
// (src/resources/bots/versions/). Wire them here, and only here:
//   flow: ({ botId, canEdit }) => <FlowEditor source="diagram" botId={botId} canEdit={canEdit} />,
//   deploy: () => <DeployButton />,
//   versions: () => <VersionsButton />,
// All three render inside the editor's react-admin form, with the bot as the record context.
import type { ReactNode } from 'react';

export interface BotEditorSlots {
  /** The diagram, bound to the form's `diagram`; botId is undefined on /bot/new; canEdit is isBotEdit. */
  flow: (props: { botId: string | undefined; canEdit: boolean }) => ReactNode;
  /** 'Desplegar', in the toolbar of /bot/{id} (not /bot/new), for every user who opens the bot. */
  deploy: () => ReactNode;
  /** 'Versiones', in the toolbar of /bot/{id}, for isBotEdit users only. */
  versions: () => ReactNode;
}

export const botEditorSlots: BotEditorSlots = {
  flow: () => null,
  deploy: () => null,
  versions: () => null,
};
