// The nonce store's call the channel sign-ins use to spend a one-time value.
export { rememberNonce } from '../../auth/nonces';
