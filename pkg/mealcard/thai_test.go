package mealcard

import (
	"strings"
	"testing"
)

func TestShapeThai(t *testing.T) {
	for _, tc := range []struct{ in, want, why string }{
		{"abc", "abc", "no Thai"},
		{"กา", "กา", "no marks"},
		{"ก่", "ก\uF70A", "tone over a bare consonant comes down"},
		{"กุ้ง", "กุ\uF70Bง", "tone over a below vowel comes down"},
		{"กิ่ง", "กิ่ง", "tone over an upper vowel stays high"},
		{"ถั่ว", "ถั่ว", "tone over mai han-akat stays high"},
		{"น้ำ", "น้ำ", "tone before sara am stays high, over its nikhahit"},
		{"ป่วย", "ป\uF705วย", "tall consonant: tone low and left"},
		{"ปี่", "ป\uF702\uF713", "tall consonant: vowel left, tone high and left"},
		{"ฟ้ำ", "ฟ\uF711\uF714า", "tall consonant with sara am: nikhahit left, tone over it"},
		{"ปำ", "ป\uF711า", "tall consonant with sara am"},
		{"ฝั่ง", "ฝ\uF710\uF713ง", "mai han-akat left"},
		{"ญุ", "\uF70Fุ", "ญ loses its descender over a below vowel"},
		{"ฐุ", "\uF700ุ", "ฐ loses its descender over a below vowel"},
		{"ฎุ", "ฎ\uF718", "ฎ keeps its tail: the vowel goes lower"},
		{"ปู่", "ปู\uF705", "below vowel then tone on a tall consonant"},
		{"ผู้ป่วย", "ผู\uF70Bป\uF705วย", ""},
		{"ไม่ใส่", "ไม\uF70Aใส\uF70A", ""},
		{"ป์", "ป\uF709", "thanthakhat is placed like a tone"},
	} {
		if got := shapeThai(tc.in); got != tc.want {
			t.Errorf("%s (%s): got %+q, want %+q", tc.in, tc.why, got, tc.want)
		}
	}
}

func TestUnshapeGivesTheTextBack(t *testing.T) {
	for _, s := range []string{thaiCheck, "ฟ้ำ ปำ ปี่ ญุ ฐุ ฎุ ป์ ฝั่ง", "ข้าวต้มปลา / Rice soup", "ประเสริฐ ฟ้าใส"} {
		if got := unshapeThai(shapeThai(s)); got != s {
			t.Errorf("%q came back as %q", s, got)
		}
	}
}

func TestClustersKeepMarksWithTheirConsonant(t *testing.T) {
	got := clusters("ข้าวต้มปลาเผ็ด")
	if strings.Join(got, "") != "ข้าวต้มปลาเผ็ด" {
		t.Fatalf("clusters lose text: %q", got)
	}
	for _, c := range got {
		r := []rune(c)
		if isFollower(r[0]) {
			t.Errorf("a cluster starts with a mark or following vowel: %q in %q", c, got)
		}
		if isLeadingVowel(r[len(r)-1]) {
			t.Errorf("a cluster ends on a leading vowel: %q in %q", c, got)
		}
	}
	want := []string{"ข้า", "ว", "ต้", "ม", "ป", "ลา", "เผ็", "ด"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("clusters %q, want %q", got, want)
	}
}
