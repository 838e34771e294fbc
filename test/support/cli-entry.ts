// Entry point of test/support/bin/cdk8s-llama-stack: bin/cdk8s-llama-stack, on the sources.
import { main } from '../../src/cli/main';

void main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
