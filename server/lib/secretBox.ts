import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept at rest (a tenant's OpenID Connect client secret) are sealed with AES-256-GCM under a
 * key derived (HKDF-SHA256) from SECRET_KEY. Without SECRET_KEY the server makes one, once, in
 * its data directory (`secret.key`, readable by its owner only): enough for the embedded default
 * and for processes sharing that directory; processes on several machines must all be given the
 * same SECRET_KEY.
 */
export class SecretBox {
  private key: Buffer | undefined;

  constructor(private readonly source: { secretKey: string | undefined; dataDir: string }) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The sealed value's plain text; throws when it was sealed under another key or changed. */
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  private keyBytes(): Buffer {
    if (!this.key) {
      const material = this.source.secretKey ?? storedKey(this.source.dataDir);
      this.key = Buffer.from(hkdfSync('sha256', material, '', 'storeline secret box v1', 32));
    }
    return this.key;
  }
}

/** The data directory's key, made on first use; a process racing another reads the one that won. */
function storedKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under another name and linked into place, so no process reads a half-written key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}
