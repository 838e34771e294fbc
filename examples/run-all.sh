#!/usr/bin/env bash
# Runs every example app against the compiled package (lib/), as a user's app would import it.
# Each app writes dist/examples/<app>/*.k8s.yaml.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p examples/node_modules
ln -sfn ../.. examples/node_modules/cdk8s-llama-stack
for main in examples/*/main.ts; do
  app=$(basename "$(dirname "$main")")
  rm -rf "dist/examples/$app"
  npx ts-node --project examples/tsconfig.json "$main"
  echo "examples/$app -> $(ls dist/examples/$app/*.k8s.yaml | tr '\n' ' ')"
done
