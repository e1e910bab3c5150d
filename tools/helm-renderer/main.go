// A renderer for Helm charts, for machines where the helm binary cannot be installed: it renders
// a chart's templates as `helm template` does, with Go's text/template, the sprig functions Helm
// ships (without env and expandenv, which Helm removes) and Helm's own include, tpl, required,
// toYaml and toJson. Nothing else of Helm's is offered, so a chart that renders here uses only
// what both share.
//
//	helm-renderer -chart DIR [-f values.yaml]... [-name RELEASE] [-namespace NS]
//	helm-renderer -functions
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	yamlv2 "gopkg.in/yaml.v2"
	yaml "gopkg.in/yaml.v3"
)

type valueFiles []string

func (v *valueFiles) String() string     { return strings.Join(*v, ",") }
func (v *valueFiles) Set(s string) error { *v = append(*v, s); return nil }

func main() {
	chartDir := flag.String("chart", "", "the chart's directory")
	name := flag.String("name", "release", "the release name")
	namespace := flag.String("namespace", "default", "the release namespace")
	functions := flag.Bool("functions", false, "print the template functions offered, one per line, and exit")
	var files valueFiles
	flag.Var(&files, "f", "a values file merged over the chart's values.yaml (repeatable)")
	flag.Parse()

	if *functions {
		names := []string{}
		for fn := range funcMap(nil) {
			names = append(names, fn)
		}
		sort.Strings(names)
		fmt.Println(strings.Join(names, "\n"))
		return
	}
	if *chartDir == "" {
		fail(errors.New("-chart is required"))
	}
	out, err := render(*chartDir, files, *name, *namespace)
	if err != nil {
		fail(err)
	}
	os.Stdout.WriteString(out)
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "Error: %v\n", err)
	os.Exit(1)
}

func render(chartDir string, files []string, name, namespace string) (string, error) {
	chart, err := readYaml(filepath.Join(chartDir, "Chart.yaml"))
	if err != nil {
		return "", err
	}
	values, err := readYaml(filepath.Join(chartDir, "values.yaml"))
	if err != nil {
		return "", err
	}
	for _, file := range files {
		extra, err := readYaml(file)
		if err != nil {
			return "", err
		}
		values = merge(values, extra)
	}
	chartName, _ := chart["name"].(string)
	top := map[string]interface{}{
		"Values": values,
		"Release": map[string]interface{}{
			"Name": name, "Namespace": namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1,
		},
		"Chart": map[string]interface{}{
			"Name": chartName, "Version": chart["version"], "AppVersion": chart["appVersion"],
		},
		"Files": chartFiles{dir: chartDir},
	}

	root := template.New("chart")
	root.Funcs(funcMap(root)).Option("missingkey=zero")
	templatesDir := filepath.Join(chartDir, "templates")
	paths, err := filepath.Glob(filepath.Join(templatesDir, "*"))
	if err != nil {
		return "", err
	}
	sort.Strings(paths)
	var rendered []string
	for _, path := range paths {
		if !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".tpl") {
			continue
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		templateName := chartName + "/templates/" + filepath.Base(path)
		if _, err := root.New(templateName).Parse(string(text)); err != nil {
			return "", err
		}
		if !strings.HasPrefix(filepath.Base(path), "_") && strings.HasSuffix(path, ".yaml") {
			rendered = append(rendered, templateName)
		}
	}

	var out strings.Builder
	for _, templateName := range rendered {
		scope := map[string]interface{}{}
		for key, value := range top {
			scope[key] = value
		}
		scope["Template"] = map[string]interface{}{"Name": templateName, "BasePath": chartName + "/templates"}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, templateName, scope); err != nil {
			return "", err
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		if strings.TrimSpace(text) == "" {
			continue
		}
		fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", templateName, strings.TrimSpace(text))
	}
	return out.String(), nil
}

// The chart's other files, as Helm's .Files offers them: Get answers "" for a file that is missing.
type chartFiles struct{ dir string }

func (files chartFiles) Get(name string) string {
	data, err := os.ReadFile(filepath.Join(files.dir, filepath.FromSlash(name)))
	if err != nil {
		return ""
	}
	return string(data)
}

func funcMap(root *template.Template) template.FuncMap {
	funcs := sprig.TxtFuncMap()
	delete(funcs, "env")
	delete(funcs, "expandenv")
	funcs["toYaml"] = func(value interface{}) string {
		data, err := yamlv2.Marshal(jsonRoundTrip(value))
		if err != nil {
			return ""
		}
		return strings.TrimSuffix(string(data), "\n")
	}
	funcs["toJson"] = func(value interface{}) string {
		data, err := json.Marshal(value)
		if err != nil {
			return ""
		}
		return string(data)
	}
	funcs["required"] = func(message string, value interface{}) (interface{}, error) {
		if value == nil {
			return value, errors.New(message)
		}
		if text, ok := value.(string); ok && text == "" {
			return value, errors.New(message)
		}
		return value, nil
	}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		if root == nil {
			return "", errors.New("include outside a chart")
		}
		err := root.ExecuteTemplate(&buf, name, data)
		return buf.String(), err
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		if root == nil {
			return "", errors.New("tpl outside a chart")
		}
		clone, err := root.Clone()
		if err != nil {
			return "", err
		}
		parsed, err := clone.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		err = parsed.Execute(&buf, data)
		return strings.ReplaceAll(buf.String(), "<no value>", ""), err
	}
	return funcs
}

// As Helm's toYaml does (through JSON), so maps come out with sorted keys and numbers as numbers.
func jsonRoundTrip(value interface{}) interface{} {
	data, err := json.Marshal(value)
	if err != nil {
		return value
	}
	var out interface{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		return value
	}
	return out
}

func readYaml(path string) (map[string]interface{}, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]interface{}{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}

// Values files merge as Helm merges them: maps key by key, anything else replaced.
func merge(base, extra map[string]interface{}) map[string]interface{} {
	out := map[string]interface{}{}
	for key, value := range base {
		out[key] = value
	}
	for key, value := range extra {
		if next, ok := value.(map[string]interface{}); ok {
			if current, ok := out[key].(map[string]interface{}); ok {
				out[key] = merge(current, next)
				continue
			}
		}
		if value == nil {
			delete(out, key)
			continue
		}
		out[key] = value
	}
	return out
}
