/**
 * Server images other than the releases' own whose layout is known (`data/images/<id>.json`):
 * the Open Data Hub / OpenShift AI image. What differs from a release image is read from here
 * where it matters: its entrypoint passes no `--insecure`, and its shipped configs write under
 * its HOME (`/opt/app-root/src/.ogx`), which the pod mounts its data volume at
 * (startup/data-dirs.ts), whatever the image.
 */
import * as fs from 'fs';
import * as path from 'path';

const DIR = path.join(__dirname, '..', '..', 'data', 'images');

/** What an image of one of these repositories is made of. */
export interface ImageLayout {
  readonly id: string;
  readonly description: string;
  readonly repositories: readonly string[];
  /** `$HOME` in the image: `~` in its shipped configs. */
  readonly home: string;
  /** The config the entrypoint runs unless `RUN_CONFIG_PATH` names another. */
  readonly configFile: string;
  /** The entrypoint passes `--insecure` to the server (the 1.2+ TLS gate). */
  readonly entrypointInsecure: boolean;
}

let layouts: readonly ImageLayout[] | undefined;

/** Every known layout (read once). */
export function imageLayouts(): readonly ImageLayout[] {
  layouts ??= fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
    .map((f) => Object.freeze(JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as ImageLayout));
  return layouts;
}

/** An image reference without its tag and digest. */
export function imageRepository(image: string): string {
  const at = image.indexOf('@');
  const name = at >= 0 ? image.slice(0, at) : image;
  const colon = name.lastIndexOf(':');
  return colon > name.lastIndexOf('/') ? name.slice(0, colon) : name;
}

/** The layout of `image`'s repository, if known. */
export function imageLayoutOf(image: string): ImageLayout | undefined {
  const repository = imageRepository(image);
  return imageLayouts().find((l) => l.repositories.includes(repository));
}
