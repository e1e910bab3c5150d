import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensurePromtool, renderChart } from '@promptlib/tools/testing';
import { parse, stringify } from 'yaml';
import { ofKind, parseRendered, schemaProblems, type K8sObject } from './chart-checks';
import { readRepoFile, REPO_ROOT } from './deploy-files';

const CHART_DIR = resolve(REPO_ROOT, 'deploy/helm/prompt-library');
const ALERTS = 'deploy/helm/prompt-library/files/alerts.yaml';
const ALERT_TESTS = 'deploy/monitoring/alerts.test.yaml';
const DASHBOARD = 'deploy/helm/prompt-library/files/dashboard.json';
const COLLECTOR = 'http://otel-collector.monitoring:4318';

type RuleGroups = { groups: { name: string; rules: { alert: string; expr: string }[] }[] };
type AlertTests = {
  rule_files: string[];
  tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
};

type Dashboard = { panels: { title: string; targets: { expr: string }[] }[] };

const alertRules = () => (parse(readRepoFile(ALERTS)) as RuleGroups).groups.flatMap((group) => group.rules);
// Our metrics' names as the alerts spell them (prom-client's process_ ones included).
const metricsOf = (expr: string) =>
  [...expr.matchAll(/\b((?:http|outbox|events|billing|sharing|process)_[a-z_]+?)(?:_bucket|_count)?\b/g)].map(
    (match) => match[1],
  );

const alertNames = () =>
  (parse(readRepoFile(ALERTS)) as RuleGroups).groups.flatMap((group) =>
    group.rules.map((rule) => rule.alert),
  );

describe('the alerts and the monitoring objects of the chart', () => {
  let withMonitoring: K8sObject[] = [];
  let byDefault: K8sObject[] = [];

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'promptlib-monitoring-'));
    try {
      const file = join(dir, 'values.yaml');
      await writeFile(
        file,
        stringify({
          monitoring: {
            serviceMonitor: { enabled: true, interval: '15s', labels: { release: 'kube-prometheus-stack' } },
            prometheusRule: { enabled: true, labels: { release: 'kube-prometheus-stack' } },
            grafanaDashboard: { enabled: true },
          },
          tracing: { otlpEndpoint: COLLECTOR },
          networkPolicy: {
            otlpCollector: {
              port: 4318,
              to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
            },
          },
        }),
      );
      withMonitoring = parseRendered((await renderChart({ chartDir: CHART_DIR, valuesFiles: [file] })).yaml);
      byDefault = parseRendered((await renderChart({ chartDir: CHART_DIR })).yaml);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('renders a ServiceMonitor of every app’s metrics port and a PrometheusRule of the alerts file, when asked', () => {
    const [monitor] = ofKind(withMonitoring, 'ServiceMonitor');
    const [rule] = ofKind(withMonitoring, 'PrometheusRule');
    expect(schemaProblems([monitor, rule])).toEqual([]);
    expect(monitor.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
    expect(rule.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
    expect(monitor.spec.endpoints).toEqual([{ port: 'metrics', path: '/metrics', interval: '15s' }]);
    // The selector picks exactly the apps' Services, each of which has the port it names.
    const selected = ofKind(withMonitoring, 'Service').filter((service) =>
      Object.entries(monitor.spec.selector.matchLabels).every(
        ([key, value]) => service.metadata.labels?.[key] === value,
      ),
    );
    expect(selected.map((service) => service.metadata.labels!['app.kubernetes.io/component']).sort()).toEqual(
      ['auth', 'billing', 'gateway', 'library', 'sharing'],
    );
    for (const service of selected)
      expect(service.spec.ports.map((port: { name: string }) => port.name)).toContain('metrics');
    // The rules as written and tested, unchanged: their {{ $labels }} are Prometheus's, not Helm's.
    expect(rule.spec).toEqual(parse(readRepoFile(ALERTS)));
  });

  it('renders none of them by default, since a cluster without the Operator refuses them', () => {
    expect(ofKind(byDefault, 'ServiceMonitor')).toEqual([]);
    expect(ofKind(byDefault, 'PrometheusRule')).toEqual([]);
    expect(ofKind(byDefault, 'ConfigMap').map((map) => map.metadata.name)).not.toContain(
      'prompt-library-dashboard',
    );
  });

  it('sends every app’s traces to the collector when asked, through its NetworkPolicy, and none by default', () => {
    const configOf = (objects: K8sObject[]) =>
      ofKind(objects, 'ConfigMap').find((map) => map.metadata.name === 'prompt-library-config')?.data ?? {};
    expect(configOf(withMonitoring).OTEL_EXPORTER_OTLP_ENDPOINT).toBe(COLLECTOR);
    expect(configOf(byDefault)).not.toHaveProperty('OTEL_EXPORTER_OTLP_ENDPOINT');
    type Rule = { ports?: { port: number }[]; to?: unknown[] };
    const collectorRules = (objects: K8sObject[]) =>
      Object.fromEntries(
        ofKind(objects, 'NetworkPolicy').map((policy) => [
          policy.metadata.labels!['app.kubernetes.io/component'],
          ((policy.spec.egress ?? []) as Rule[]).filter((rule) =>
            rule.ports?.some((port) => port.port === 4318),
          ),
        ]),
      );
    const withTracing = collectorRules(withMonitoring);
    for (const app of ['auth', 'billing', 'gateway', 'library', 'sharing'])
      expect(withTracing[app]).toEqual([
        {
          ports: [{ port: 4318, protocol: 'TCP' }],
          to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        },
      ]);
    // The jobs send no traces.
    expect(withTracing.migrate).toEqual([]);
    expect(Object.values(collectorRules(byDefault)).flat()).toEqual([]);
    expect(schemaProblems(ofKind(withMonitoring, 'NetworkPolicy'))).toEqual([]);
  });

  it('renders the Grafana dashboard for the sidecar, when asked, showing every signal an alert watches', () => {
    const [map] = ofKind(withMonitoring, 'ConfigMap').filter(
      (each) => each.metadata.name === 'prompt-library-dashboard',
    );
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    const dashboard = JSON.parse(map.data!['prompt-library.json']) as Dashboard;
    expect(dashboard).toEqual(JSON.parse(readRepoFile(DASHBOARD)));
    const shown = new Set(
      dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricsOf(target.expr))),
    );
    const watched = [...new Set(alertRules().flatMap((rule) => metricsOf(rule.expr)))];
    expect(watched.length).toBeGreaterThanOrEqual(8);
    expect(watched.filter((metric) => !shown.has(metric))).toEqual([]);
  });

  it('has a dashboard whose every query Prometheus can parse (promtool check rules)', async () => {
    const promtool = await ensurePromtool((line) => console.warn(line));
    const { panels } = JSON.parse(readRepoFile(DASHBOARD)) as Dashboard;
    // Each query as a recording rule, the dashboard's namespace variable given a value.
    const rules = panels.flatMap((panel, index) =>
      panel.targets.map((target, query) => ({
        record: `dashboard:panel${index}:query${query}`,
        expr: target.expr.replaceAll('$namespace', 'prod'),
      })),
    );
    const dir = await mkdtemp(join(tmpdir(), 'promptlib-dashboard-'));
    try {
      const file = join(dir, 'queries.yaml');
      await writeFile(file, stringify({ groups: [{ name: 'dashboard', rules }] }));
      const run = spawnSync(promtool, ['check', 'rules', file], { encoding: 'utf8' });
      expect({ status: run.status, output: `${run.stdout}${run.stderr}` }).toEqual({
        status: 0,
        output: expect.stringContaining(`SUCCESS: ${rules.length} rules found`),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('fires each alert on the series that should wake someone, and only then (promtool test rules)', async () => {
    const promtool = await ensurePromtool((line) => console.warn(line));
    const run = spawnSync(promtool, ['test', 'rules', resolve(REPO_ROOT, ALERT_TESTS)], { encoding: 'utf8' });
    // promtool's own report of a failing case (what it expected, what it got) is the message.
    expect({ status: run.status, output: `${run.stdout}${run.stderr}` }).toEqual({
      status: 0,
      output: expect.stringContaining('SUCCESS'),
    });
  }, 300_000);

  it('tests every alert both firing and silent, and gives each a runbook in the README', () => {
    const tests = parse(readRepoFile(ALERT_TESTS)) as AlertTests;
    expect(tests.rule_files.map((file) => join('deploy/monitoring', file))).toEqual([ALERTS]);
    const cases = tests.tests.flatMap((test) => test.alert_rule_test ?? []);
    const readme = readRepoFile('README.md');
    for (const name of alertNames()) {
      const ofAlert = cases.filter((each) => each.alertname === name);
      expect({ name, fires: ofAlert.some((each) => each.exp_alerts.length > 0) }).toEqual({
        name,
        fires: true,
      });
      expect({ name, silent: ofAlert.some((each) => each.exp_alerts.length === 0) }).toEqual({
        name,
        silent: true,
      });
      expect({ name, runbook: readme.includes(`\n#### ${name}\n`) }).toEqual({ name, runbook: true });
    }
  });
});
