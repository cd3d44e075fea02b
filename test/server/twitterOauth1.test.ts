// The OAuth 1.0a signer of the Twitter adapter against X's own documented example ("Creating a
// signature"): the signature base string and the HMAC-SHA1 signature, and the header it builds.
import { describe, expect, it } from 'vitest';
import { authorization, baseString, hmacSha1, oauthParams, parseAuthorization, percentEncode } from '../../server/src/channels/twitter/oauth1';

const KEYS = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};
const URL_ = 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true';
const FORM = [['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']] as const;
const OAUTH = oauthParams(KEYS, 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg', 1318622958);

describe('firma OAuth 1.0a (HMAC-SHA1)', () => {
  it('codifica como RFC 3986', () => {
    expect(percentEncode("Ladies + Gentlemen, a signed OAuth request!*'()")).toBe('Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21%2A%27%28%29');
  });

  it('arma la cadena base y la firma del ejemplo de X', () => {
    const base = baseString('POST', URL_, [...OAUTH, ...FORM]);
    expect(base).toBe(
      'POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521',
    );
    expect(hmacSha1(KEYS.consumerSecret, KEYS.tokenSecret, base)).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('la cabecera Authorization lleva los parámetros oauth_ y la firma', () => {
    const header = authorization(KEYS, 'POST', URL_, FORM, OAUTH);
    expect(parseAuthorization(header)).toEqual({
      oauth_consumer_key: KEYS.consumerKey,
      oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
      oauth_signature: 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '1318622958',
      oauth_token: KEYS.token,
      oauth_version: '1.0',
    });
    expect(header).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
  });
});
