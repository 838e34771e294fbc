/** Which image a distribution runs, and whether an image reference is pinned. */
import * as fs from 'fs';
import * as path from 'path';
import { parseImageReference } from '../kubernetes/image-reference';

const IMAGES_FILE = path.join(__dirname, '..', '..', 'data', 'operator', 'images.json');
let images: { [name: string]: string } | undefined;

/** The pinned image of an embedded operator distribution, or undefined for unknown names. */
export function operatorDistributionImage(name: string): string | undefined {
  images ??= JSON.parse(fs.readFileSync(IMAGES_FILE, 'utf8')) as { [name: string]: string };
  return name !== '_comment' && Object.prototype.hasOwnProperty.call(images, name) ? images[name] : undefined;
}

/** True when the reference parses and names an exact version: a digest, or a tag other than `latest`. */
export function isPinnedImage(image: string): boolean {
  const r = parseImageReference(image);
  if ('problem' in r) return false;
  return r.digest !== undefined || (r.tag !== undefined && r.tag !== 'latest');
}
