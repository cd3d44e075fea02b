// Deploy and versions of the bot editor's toolbar, both rendered inside the bot's react-admin form.
export { DeployButton } from './DeployButton';
export { VersionsButton } from './VersionsButton';
