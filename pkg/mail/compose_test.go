package mail_test

import (
	"strings"
	"testing"

	"samrap/pkg/mail"
)

func TestComposeOneLanguage(t *testing.T) {
	t.Parallel()
	m := mail.Compose("a@samrap.local", mail.Part{Lang: "en", Subject: "Set a new Samrap password",
		Text: "Dear <Somchai> & co,\n\nSet a new password at this link:\nhttps://samrap.example/reset-password?token=rt_a&b=1\n\nThe link works once."})
	if m.Subject != "Set a new Samrap password" || !strings.HasPrefix(m.Text, "Dear <Somchai>") {
		t.Fatalf("%+v", m)
	}
	for _, want := range []string{
		`<div lang="en">`,
		`<p>Dear &lt;Somchai&gt; &amp; co,</p>`,
		`<a href="https://samrap.example/reset-password?token=rt_a&amp;b=1">https://samrap.example/reset-password?token=rt_a&amp;b=1</a>`,
		`Set a new password at this link:<br>`,
	} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, m.HTML)
		}
	}
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestComposeBothLanguages(t *testing.T) {
	t.Parallel()
	m := mail.Compose("b@samrap.local",
		mail.Part{Lang: "th", Subject: "คำเชิญเข้าใช้งานระบบสำรับ", Text: "เรียน คุณสมชาย"},
		mail.Part{Lang: "en", Subject: "Your invitation to Samrap", Text: "Dear Somchai"})
	if m.Subject != "คำเชิญเข้าใช้งานระบบสำรับ / Your invitation to Samrap" {
		t.Fatalf("subject %q", m.Subject)
	}
	th, en := strings.Index(m.Text, "เรียน คุณสมชาย"), strings.Index(m.Text, "Dear Somchai")
	if th != 0 || en < th {
		t.Fatalf("text %q", m.Text)
	}
	if !strings.Contains(m.HTML, `<div lang="th"><p>เรียน คุณสมชาย</p></div><hr`) || !strings.Contains(m.HTML, `<div lang="en"><p>Dear Somchai</p></div>`) {
		t.Fatalf("html %s", m.HTML)
	}
}
