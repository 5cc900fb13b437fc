/**
 * The KMS calls of the secret box (secret-box.ts): GenerateDataKey (AES_256) when a secret is sealed,
 * Decrypt of its data key when it is opened, both with the connection's encryption context. The SDK
 * is loaded on the first call, so local runs (the local key) never load it; only the three names used
 * are taken from it.
 */
import { env } from '../../lib/env.ts';

/** The encryption context's `purpose`: infra's grant is conditioned on it (D75). */
export const INTEGRATION_SECRET_PURPOSE = 'tandem-integration-secret';

/** KMS's GenerateDataKey and Decrypt as the secret box uses them (tests mock the SDK's client). */
export interface KmsLike {
  generateDataKey(
    keyId: string,
    context: Record<string, string>,
  ): Promise<{ plaintext: Uint8Array; encrypted: Uint8Array }>;
  decrypt(keyId: string, encrypted: Uint8Array, context: Record<string, string>): Promise<Uint8Array>;
}

async function loadSdk() {
  const { KMSClient, GenerateDataKeyCommand, DecryptCommand } = await import('@aws-sdk/client-kms');
  return { client: new KMSClient({ region: env.region }), GenerateDataKeyCommand, DecryptCommand };
}

export function awsKms(): KmsLike {
  let sdk: ReturnType<typeof loadSdk> | undefined;
  const load = () => {
    sdk ??= loadSdk().catch((e: unknown) => {
      sdk = undefined; // tried again on the next call
      throw e;
    });
    return sdk;
  };
  return {
    async generateDataKey(keyId, context) {
      const { client, GenerateDataKeyCommand } = await load();
      const out = await client.send(
        new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
      );
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS gave no data key.');
      return { plaintext: out.Plaintext, encrypted: out.CiphertextBlob };
    },
    async decrypt(keyId, encrypted, context) {
      const { client, DecryptCommand } = await load();
      const out = await client.send(
        new DecryptCommand({ KeyId: keyId, CiphertextBlob: encrypted, EncryptionContext: context }),
      );
      if (!out.Plaintext) throw new Error('KMS opened nothing.');
      return out.Plaintext;
    },
  };
}
