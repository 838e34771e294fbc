/**
 * The core/v1 types the llamastack.io v1alpha2 CRD embeds (env vars, volumes, volume mounts,
 * resource requirements, topology spread constraints), with the CRD's own schemas for them,
 * extracted into data/schemas/v1alpha2-embedded.json by scripts/extract-schemas.js.
 */
import * as fs from 'fs';
import * as path from 'path';
import { OpenApiSchema } from './schema-check';

const FILE = path.join(__dirname, '..', '..', 'data', 'schemas', 'v1alpha2-embedded.json');

export type EmbeddedType = 'envVar' | 'volume' | 'volumeMount' | 'resourceRequirements' | 'topologySpreadConstraint';

let schemas: { [type in EmbeddedType]: OpenApiSchema } | undefined;

/** The CRD's schema for an embedded core/v1 type. */
export function embeddedSchema(type: EmbeddedType): OpenApiSchema {
  schemas ??= JSON.parse(fs.readFileSync(FILE, 'utf8')) as { [t in EmbeddedType]: OpenApiSchema };
  return schemas[type];
}
