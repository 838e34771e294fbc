/** Which image a distribution runs, and whether an image reference is pinned. */
import * as fs from 'fs';
import * as path from 'path';

const IMAGES_FILE = path.join(__dirname, '..', '..', 'data', 'operator', 'images.json');
let images: { [name: string]: string } | undefined;

/** The pinned image of an embedded operator distribution, or undefined for unknown names. */
export function operatorDistributionImage(name: string): string | undefined {
  images ??= JSON.parse(fs.readFileSync(IMAGES_FILE, 'utf8')) as { [name: string]: string };
  return name !== '_comment' && Object.prototype.hasOwnProperty.call(images, name) ? images[name] : undefined;
}

/** True when the reference names an exact version: a digest, or a tag other than `latest`. */
export function isPinnedImage(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  if (colon <= slash) return false;
  const tag = image.slice(colon + 1);
  return tag !== '' && tag !== 'latest';
}
