/// The contribution page's style sheet: GitHub's proportions (10 px cells at a 13 px pitch,
/// 12 px text, a 1 px outline on every cell so that empty days read on both backgrounds), the
/// palette's colours in light and dark, `auto` following the viewer, and rules for reduced
/// motion and for paper.
extension ContributionPage {
  // Kept whole: one style sheet, its rules in cascade order.
  static func style(light: Palette, dark: Palette) -> String {
    func levels(_ palette: Palette) -> String {
      palette.levels.enumerated().map { "--l\($0.offset):\($0.element.hex);" }.joined()
        + palette.removal.levels.enumerated().dropFirst().map {
          "--r\($0.offset):\($0.element.hex);"
        }
        .joined()
    }
    // Text on a level's colour (a month's day numbers): the page's text or its background,
    // whichever reads better on that colour, so that every level keeps 4.5:1 in any palette.
    func tileText(_ palette: Palette) -> String {
      let lightText = RGB(red: 0x1F, green: 0x23, blue: 0x28)
      let lightPage = RGB(red: 0xFF, green: 0xFF, blue: 0xFF)
      let darkText = RGB(red: 0xE6, green: 0xED, blue: 0xF3)
      let darkPage = RGB(red: 0x0D, green: 0x11, blue: 0x17)
      let (text, page) = palette.isDark ? (darkText, darkPage) : (lightText, lightPage)
      return palette.levels.enumerated().map { level, color in
        let best = color.contrast(with: text) >= color.contrast(with: page) ? text : page
        return "--t\(level):\(best.hex);"
      }.joined()
    }
    func variables(_ palette: Palette) -> String {
      let levels = levels(palette) + tileText(palette)
      return palette.isDark
        ? "\(levels)--page:#0d1117;--text:#e6edf3;--muted:#8b949e;--line:#30363d;--added:#3fb950;--removed:#f85149;"
          + "--outline:rgba(255,255,255,0.05);--accent:#58a6ff;--selected:#f0f6fc;--panel:#161b22;"
        : "\(levels)--page:#ffffff;--text:#1f2328;--muted:#59636e;--line:#d1d9e0;--added:#1a7f37;--removed:#d1242f;"
          + "--outline:rgba(31,35,40,0.06);--accent:#0969da;--selected:#1f2328;--panel:#f6f8fa;"
    }
    return """
      :root{\(variables(light))color-scheme:light}
      :root[data-theme="dark"]{\(variables(dark))color-scheme:dark}
      @media (prefers-color-scheme: dark){:root[data-theme="auto"]{\(variables(dark))color-scheme:dark}}
      *{box-sizing:border-box}
      [hidden]{display:none !important}
      body{margin:0 auto;max-width:1080px;padding:24px 16px 48px;background:var(--page);color:var(--text);font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
      h1{font-size:20px;font-weight:600;margin:0 0 4px;overflow-wrap:anywhere}
      h2{font-size:16px;font-weight:600;margin:32px 0 8px}
      h3{font-size:14px;font-weight:600;margin:16px 0 4px}
      header p{margin:0;color:var(--muted)}
      #headline{color:var(--text);font-size:16px}
      .layout{display:flex;gap:24px;align-items:flex-start;margin-top:16px}
      .content{flex:1;min-width:0}
      .graph-area{border:1px solid var(--line);border-radius:6px;padding:12px 16px}
      img.review{display:block;max-width:100%;height:auto}
      .controls{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center}
      input,select,button{font:inherit;color:var(--text);background:var(--page);border:1px solid var(--line);border-radius:6px;padding:3px 8px}
      input[type=search]{min-width:16em}
      fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px}
      legend{float:left;margin-right:8px;color:var(--muted)}
      fieldset label{white-space:nowrap}
      #breakdown{color:var(--muted);margin:8px 0}
      .graph,.scroll{overflow-x:auto;position:relative}
      .graph{direction:rtl}.graph>*{direction:ltr;margin-right:auto}
      table.grid{border-collapse:separate;border-spacing:3px;font-size:12px;color:var(--text)}
      table.grid th{font-weight:400;text-align:left;padding:0;height:10px;line-height:10px;white-space:nowrap}
      table.grid thead th{height:15px;position:relative}
      table.grid thead th>span[aria-hidden]{position:absolute;top:0;left:0}
      table.grid tbody th{padding-right:4px;font-size:12px}
      .cell,td.day{width:10px;height:10px;min-width:10px;border-radius:2px;padding:0;outline:1px solid var(--outline);outline-offset:-1px}
      td.day{cursor:pointer;transition:outline-color .15s ease-out}
      td.pad{padding:0}
      .l0{background:var(--l0)}.l1{background:var(--l1)}.l2{background:var(--l2)}.l3{background:var(--l3)}.l4{background:var(--l4)}
      .r1{background:var(--r1)}.r2{background:var(--r2)}.r3{background:var(--r3)}.r4{background:var(--r4)}
      #frequency rect.add{fill:var(--added)}#frequency rect.del{fill:var(--removed)}#frequency rect.axis{fill:var(--line)}#frequency rect.hit{fill:transparent}#frequency rect.cut{stroke:var(--text);stroke-width:1;stroke-dasharray:3 2}
      th[data-sort] button{font:inherit;font-weight:600;color:inherit;background:none;border:0;padding:0;cursor:pointer}th[aria-sort="descending"] button::after{content:" \\2193"}
      td.day:hover{outline:1px solid var(--muted)}
      td.day:focus-visible,td.day.selected{outline:2px solid var(--selected);outline-offset:0}
      :focus-visible{outline:2px solid var(--accent);outline-offset:2px}
      .legend{display:flex;gap:3px;align-items:center;justify-content:flex-end;color:var(--muted);font-size:12px;margin-top:4px}
      .legend .cell{display:inline-block}
      nav#years{position:sticky;top:16px;max-height:calc(100vh - 32px);overflow-y:auto}
      nav#years ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
      nav#years button{border:0;background:none;text-align:left;padding:6px 16px;border-radius:6px;color:var(--muted);cursor:pointer;min-width:7em}
      nav#years button[aria-pressed="true"]{background:var(--accent);color:var(--page);font-weight:600}
      nav#years button:hover{background:var(--panel)}
      nav#years button[aria-pressed="true"]:hover{background:var(--accent)}
      #day-totals{color:var(--muted);margin:0 0 8px}
      ol.commits{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:6px}
      ol.commits li{display:grid;grid-template-columns:7.5em 7em minmax(6em,12em) minmax(0,1fr);gap:8px;padding:6px 12px;border-top:1px solid var(--line);align-items:baseline}
      ol.commits li:first-child{border-top:0}
      .hash{font:12px ui-monospace,SFMono-Regular,"Liberation Mono",Menlo,monospace}
      a{color:var(--accent)}
      .time,.co{color:var(--muted)}
      ol.commits li:has(.change){grid-template-columns:7.5em 7em 6.5em minmax(6em,12em) minmax(0,1fr)}
      p.order{color:var(--muted);font-size:12px;margin:0 0 4px}
      .change{font-variant-numeric:tabular-nums;white-space:nowrap}
      .added{color:var(--added)}.removed{color:var(--removed)}
      .subject{overflow-wrap:anywhere}
      .co{grid-column:4}
      .scroll.people{max-height:30em;overflow-y:auto;border:1px solid var(--line);border-radius:6px}
      #author-table{border-collapse:collapse;width:100%}
      #author-table thead th{position:sticky;top:0;background:var(--page)}
      #author-table th,#author-table td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line)}
      #author-table caption{text-align:left;color:var(--muted);padding:4px 8px}
      #author-table .number{text-align:right;font-variant-numeric:tabular-nums}
      .email{color:var(--muted)}
      table.punchcard td{width:14px;height:14px;min-width:14px;padding:0;border-radius:3px;outline:1px solid var(--outline);outline-offset:-1px}
      table.month{border-collapse:separate;border-spacing:4px;margin-top:8px}
      table.month th{font-weight:400;color:var(--muted);font-size:12px}
      table.month td{width:44px;height:36px;border-radius:6px;text-align:right;vertical-align:top;padding:3px 6px;font-size:12px;outline:1px solid var(--outline);outline-offset:-1px;cursor:pointer}
      table.month td.l0{color:var(--t0)}table.month td.l1{color:var(--t1)}table.month td.l2{color:var(--t2)}table.month td.l3{color:var(--t3)}table.month td.l4{color:var(--t4)}
      table.month td.empty{outline:0;cursor:default}
      #tooltip{position:absolute;z-index:10;pointer-events:none;background:#1f2328;color:#ffffff;font-size:12px;padding:4px 8px;border-radius:6px;white-space:nowrap;transition:opacity .1s}
      #tooltip[hidden]{display:none}
      .sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
      @media (max-width:760px){.layout{flex-direction:column-reverse;align-items:stretch}nav#years{position:static;overflow-x:auto}nav#years ul{flex-direction:row;flex-wrap:nowrap}nav#years button{min-width:0;padding:6px 12px;white-space:nowrap}ol.commits li,ol.commits li:has(.change){grid-template-columns:auto auto minmax(0,1fr)}.subject,.co{grid-column:1/-1}input[type=search]{min-width:0;flex:1 1 12em}}
      @media (prefers-reduced-motion: reduce){*{transition:none !important;animation:none !important;scroll-behavior:auto !important}}
      @media print{:root,:root[data-theme]{--page:#ffffff;--text:#000000;--muted:#333333;--line:#999999;--outline:rgba(0,0,0,0.35);\(levels(light))color-scheme:light}body{max-width:none;padding:0}.controls input,#tooltip,nav#years{display:none}.graph-area{border:0;padding:0}.scroll.people{max-height:none;overflow:visible;border:0}td.day,.cell,table.punchcard td,table.month td{print-color-adjust:exact;-webkit-print-color-adjust:exact}h2{break-after:avoid}section{break-inside:avoid}}
      """
  }
}
