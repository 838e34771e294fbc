/** The verification script's text, as the package ships it (`data/verify/ogx_verify.py`), read once. */
import * as fs from 'fs';
import * as path from 'path';

/** The script in the package: the Job runs it with the image's `python3`. */
export const SCRIPT_FILE = path.join(__dirname, '..', '..', 'data', 'verify', 'ogx_verify.py');

let text: string | undefined;

export function verifyScript(): string {
  if (text === undefined) text = fs.readFileSync(SCRIPT_FILE, 'utf8');
  return text;
}
