/**
 * Reading rendered manifests as a cluster would: which objects a label selector picks, what a
 * pod may reach and who may reach it once every network policy that selects it is added up,
 * and which Secrets an object reads.
 */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: any;
};
type LabelSelector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] };

export const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
/** The part an image belongs to: innerecho/<part>, whatever its registry and tag. */
export const partOf = (image: string) => /innerecho\/([a-z-]+)(:|$)/.exec(image)?.[1] ?? '';

/** Whether `selector` (kubectl's `-l a=b,c=d` form, or a LabelSelector) picks an object with `labels`. */
export function selects(selector: string | LabelSelector, labels: Record<string, string>): boolean {
  if (typeof selector === 'string') {
    return selector.split(',').every((pair) => {
      const [k, v] = pair.split('=');
      return labels[k] === v;
    });
  }
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return byLabel && byExpression;
}

/** The pod labels of the workload whose pods are named `name` (app.kubernetes.io/name). */
function podLabels(objects: K8sObject[], name: string): Record<string, string> {
  const workload = objects.find(
    (o) => (o.kind === 'Deployment' || o.kind === 'Job') && o.spec.template.metadata.labels['app.kubernetes.io/name'] === name,
  );
  if (!workload) throw new Error(`no workload whose pods are named ${name}`);
  return workload.spec.template.metadata.labels;
}

const policiesSelecting = (objects: K8sObject[], name: string) => {
  const labels = podLabels(objects, name);
  return objects.filter((o) => o.kind === 'NetworkPolicy' && selects(o.spec.podSelector, labels));
};

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];
const portsOf = (rule: any) => (rule.ports ?? []).map((port: any) => String(port.port)).join(',');

/** A peer in words: `pod:<name>`, `services`, `dns`, `namespace:<name>`, `internet`, `private`, `ip:<cidr>`. */
function describePeer(peer: any): string {
  const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  if (namespace === 'kube-system' && peer.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns') return 'dns';
  if (namespace) return `namespace:${namespace}`;
  if (peer.podSelector?.matchLabels?.['app.kubernetes.io/name']) return `pod:${peer.podSelector.matchLabels['app.kubernetes.io/name']}`;
  if (peer.podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'service') return 'services';
  if (peer.ipBlock?.cidr === '0.0.0.0/0' && PRIVATE_RANGES.every((range) => peer.ipBlock.except?.includes(range))) return 'internet';
  if (peer.ipBlock) return PRIVATE_RANGES.includes(peer.ipBlock.cidr) ? 'private' : `ip:${peer.ipBlock.cidr}`;
  return JSON.stringify(peer);
}

/** Everywhere the pods named `name` may connect to, as `<peer>:<ports>` (DNS as `dns`), sorted. */
export function egressPeers(objects: K8sObject[], name: string): string[] {
  const peers = new Set<string>();
  for (const policy of policiesSelecting(objects, name)) {
    for (const rule of policy.spec.egress ?? []) {
      for (const peer of rule.to ?? [{ anywhere: true }]) {
        const described = peer.anywhere ? 'anywhere' : describePeer(peer);
        peers.add(described === 'dns' ? 'dns' : `${described}:${portsOf(rule)}`);
      }
    }
  }
  return [...peers].sort();
}

/** Who may connect to the pods named `name`: each rule's peers (`pod:<name>`, or a namespace's name) and ports. */
export function ingressRules(objects: K8sObject[], name: string): { from: string[]; ports: string[] }[] {
  return policiesSelecting(objects, name).flatMap((policy) =>
    (policy.spec.ingress ?? []).map((rule: any) => ({
      from: (rule.from ?? []).map((peer: any) => describePeer(peer).replace(/^namespace:/, '')),
      ports: [portsOf(rule)],
    })),
  );
}

/** The Secrets an object reads: environment keys, secret volumes (projected or not), an Ingress's certificate. */
export function referencedSecrets(object: K8sObject): string[] {
  const names = new Set<string>();
  if (object.kind === 'Ingress') for (const tls of object.spec.tls ?? []) names.add(tls.secretName);
  const pod = object.spec?.template?.spec;
  for (const container of pod?.containers ?? []) {
    for (const variable of container.env ?? []) if (variable.valueFrom?.secretKeyRef) names.add(variable.valueFrom.secretKeyRef.name);
    for (const source of container.envFrom ?? []) if (source.secretRef) names.add(source.secretRef.name);
  }
  for (const volume of pod?.volumes ?? []) {
    if (volume.secret) names.add(volume.secret.secretName);
    for (const source of volume.projected?.sources ?? []) if (source.secret) names.add(source.secret.name);
  }
  return [...names];
}
