/**
 * The avatar as settings show it (core/user/avatar.ts keeps the uploads): fresh presigned links,
 * signed through lib/avatar-urls.ts, which loads the S3 client only when there is an avatar to sign.
 * Apart from avatar.ts because that module imported the S3 client at its top, and reading or saving
 * settings (the app's first call) then loaded it on every cold start (docs/decisions.md D78; since D87
 * avatar.ts loads it on first use too).
 */
import { type UserConfig, withConfigDefaults } from '@tandem/shared';
import { avatarKey, avatarUrl } from '../../lib/avatar-urls.ts';

/** The avatar as settings show it: URLs are fresh presigned links. */
export async function avatarView(
  userId: string,
  avatarId: string,
): Promise<NonNullable<UserConfig['avatar']>> {
  const url = await avatarUrl(avatarKey(userId, avatarId)!);
  return { id: avatarId, originalUrl: url, thumbnailUrl: url };
}

/** Settings as the API answers them: the stored avatar id with fresh links, defaults for what is missing. */
export async function presentConfig(userId: string, stored: UserConfig): Promise<UserConfig> {
  const config = withConfigDefaults(stored);
  return config.avatar ? { ...config, avatar: await avatarView(userId, config.avatar.id) } : config;
}
