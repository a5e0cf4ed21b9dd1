package game

import "testing"

func TestTensorSize(t *testing.T) {
	for _, tt := range []struct {
		shape []int
		want  int
	}{{nil, 1}, {[]int{680}, 680}, {[]int{18, 9, 9}, 1458}, {[]int{2, 0, 3}, 0}} {
		if got := TensorSize(tt.shape); got != tt.want {
			t.Errorf("TensorSize(%v) = %d, want %d", tt.shape, got, tt.want)
		}
	}
}

func TestTensorReusesAndClears(t *testing.T) {
	buf := make([]float32, 3, 10)
	buf[0], buf[2] = 5, 7
	got := Tensor(buf, 8)
	if len(got) != 8 || &got[0] != &buf[0] {
		t.Fatalf("Tensor(buf with room, 8): len %d, reused %v", len(got), &got[0] == &buf[0])
	}
	for i, v := range got {
		if v != 0 {
			t.Fatalf("value %d is %v, want 0", i, v)
		}
	}
	if got := Tensor(buf, 20); len(got) != 20 {
		t.Fatalf("Tensor(buf, 20): len %d", len(got))
	}
}
