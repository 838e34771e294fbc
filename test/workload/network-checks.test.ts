/** networkOptionProblems: the API server's checks of allowedTo, admitOwnNamespace and the Service's annotations, at their props paths. */
import { networkOptionProblems } from '../../src/workload/network-checks';

const lines = (props: object) => networkOptionProblems(props).map((p) => `${p.path}: ${p.message} — ${p.fix}`);

describe('networkOptionProblems', () => {
  test('valid options have none', () => {
    expect(lines({})).toStrictEqual([]);
    expect(lines({
      allowedTo: { namespaces: ['databases'], podSelectors: [{ 'app': 'postgres', 'example.com/tier': 'db' }], cidrs: ['10.0.0.0/8', '0.0.0.0/0', '192.168.1.1/32', 'fd00::/8', '::/0'], ports: [1, 5432, 65535] },
      admitOwnNamespace: true,
      allowedFrom: {},
      service: { annotations: { 'example.com/owner': 'ml', 'plain': 'x' } },
    })).toStrictEqual([]);
  });

  test('namespaces that are not DNS-1123 labels', () => {
    const found = lines({ allowedTo: { namespaces: ['ok', 'Databases', 'a.b'] } });
    expect(found.map((l) => l.split(':')[0])).toStrictEqual(['props.allowedTo.namespaces[1]', 'props.allowedTo.namespaces[2]']);
    expect(found[0]).toMatch(/^props\.allowedTo\.namespaces\[1\]: "Databases" is not a namespace name: .+ — use a DNS-1123 label, e.g\. databases$/);
  });

  test.each(['10.0.0.0', '10.0.0.0/33', '256.0.0.0/8', '10.0.0/8', 'fd00::/129', 'x/8', ''])('%p is not a CIDR', (cidr) => {
    expect(lines({ allowedTo: { cidrs: ['10.0.0.0/8', cidr] } })).toStrictEqual([
      `props.allowedTo.cidrs[1]: ${JSON.stringify(cidr)} is not a CIDR — write an address and a prefix length, e.g. 10.0.0.0/8 or 0.0.0.0/0`,
    ]);
  });

  test('ports outside 1..65535', () => {
    expect(lines({ allowedTo: { ports: [0, 80, 65536] } })).toStrictEqual([
      'props.allowedTo.ports[0]: 0 is not a port — use a port from 1 to 65535',
      'props.allowedTo.ports[2]: 65536 is not a port — use a port from 1 to 65535',
    ]);
  });

  test('a selector label that is not a label, at its key', () => {
    expect(lines({ allowedTo: { podSelectors: [{ app: 'ok' }, { 'bad key!': 'x' }] } }).map((l) => l.split(': ')[0])).toStrictEqual([
      'props.allowedTo.podSelectors[1]["bad key!"]',
    ]);
  });

  test('admitOwnNamespace without allowedFrom has no effect', () => {
    expect(lines({ admitOwnNamespace: false })).toStrictEqual([
      'props.admitOwnNamespace: has no effect without allowedFrom (no ingress policy is written) — set allowedFrom, or remove admitOwnNamespace',
    ]);
  });

  test('a Service annotation key that is not a qualified name', () => {
    const found = lines({ service: { annotations: { 'ok.io/a': 'x', '/no-name': 'y' } } });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^props\.service\.annotations\["\/no-name"\]: annotation key "\/no-name" is not a qualified name: .+ — use a prefix and a name, e\.g\. example\.com\/owner$/);
  });

  test('every problem at once', () => {
    expect(lines({ allowedTo: { namespaces: ['A'], cidrs: ['x'], ports: [0] }, admitOwnNamespace: true }).map((l) => l.split(':')[0])).toStrictEqual([
      'props.allowedTo.namespaces[0]', 'props.allowedTo.cidrs[0]', 'props.allowedTo.ports[0]', 'props.admitOwnNamespace',
    ]);
  });
});
