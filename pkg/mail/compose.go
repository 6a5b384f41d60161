package mail

import (
	"html"
	"regexp"
	"strings"
	"sync"
)

// Part is one language's version of a message: its language tag (th, en), subject and
// plain text (paragraphs separated by a blank line).
type Part struct {
	Lang    string
	Subject string
	Text    string
}

// Compose builds the message to to from its versions, in order: one version as it is; two
// (a recipient whose language is unknown) with both subjects joined and both texts one after
// the other. The HTML part says the same as the text, each version marked with its
// language, links clickable.
func Compose(to string, parts ...Part) Message {
	var subjects, texts []string
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"></head>` +
		`<body style="font-family:Tahoma,'Noto Sans Thai',Arial,sans-serif;font-size:15px;line-height:1.6;color:#1f2937">`)
	for i, p := range parts {
		subjects = append(subjects, p.Subject)
		texts = append(texts, p.Text)
		if i > 0 {
			b.WriteString(`<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0">`)
		}
		b.WriteString(`<div lang="` + html.EscapeString(p.Lang) + `">`)
		for _, para := range strings.Split(strings.TrimSpace(p.Text), "\n\n") {
			lines := strings.Split(para, "\n")
			for j, l := range lines {
				lines[j] = linkify(l)
			}
			b.WriteString("<p>" + strings.Join(lines, "<br>") + "</p>")
		}
		b.WriteString("</div>")
	}
	b.WriteString("</body></html>")
	return Message{To: to, Subject: strings.Join(subjects, " / "), Text: strings.Join(texts, "\n\n----------\n\n"), HTML: b.String()}
}

var urlRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`https?://[^\s<>"]+`) })

// linkify escapes a line of text for HTML and makes its URLs links.
func linkify(line string) string {
	var b strings.Builder
	last := 0
	for _, m := range urlRe().FindAllStringIndex(line, -1) {
		b.WriteString(html.EscapeString(line[last:m[0]]))
		u := html.EscapeString(line[m[0]:m[1]])
		b.WriteString(`<a href="` + u + `">` + u + `</a>`)
		last = m[1]
	}
	b.WriteString(html.EscapeString(line[last:]))
	return b.String()
}
