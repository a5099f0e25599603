// Writes the shop of toolbox-shop.cjs through dynamodb-toolbox v1 (installed under the npm alias
// `dynamodb-toolbox-v1`), so ddbx is tested on what v1 itself writes. Usage: node toolbox-v1-shop.cjs TABLE
"use strict";
require("./toolbox-shop.cjs").run(require("dynamodb-toolbox-v1"));
