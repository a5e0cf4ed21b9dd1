// Package all registers every Commons game with package game. Import it
// for its side effect:
//
//	import _ "github.com/commons-games/commons/games/all"
package all

import (
	_ "github.com/commons-games/commons/games/breakinghead" // Breaking Head
	_ "github.com/commons-games/commons/games/openscience"  // Open Science Alliance
	_ "github.com/commons-games/commons/games/opensource"   // Open Source, the Board Game
	_ "github.com/commons-games/commons/games/source"       // Source
	_ "github.com/commons-games/commons/games/threeio"      // 3io
)
