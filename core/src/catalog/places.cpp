#include "catalog/places.hpp"

namespace gpusizer {
namespace {

const std::vector<Place> kPlaces = {
    {"cn", "mainland China", "中国大陆", "", "cn|mainland china|中国大陆|china|mainland|mainland china|prc|中国|中国大陆|大陆|内地|国内|中华人民共和国"},
    {"cn-north", "North China", "华北", "cn", "cn-north|north china|华北|north|north china|华北地区"},
    {"cn-northeast", "Northeast China", "东北", "cn", "cn-northeast|northeast china|东北|northeast|northeast china|东北地区"},
    {"cn-east", "East China", "华东", "cn", "cn-east|east china|华东|east|east china|华东地区"},
    {"cn-central", "Central China", "华中", "cn", "cn-central|central china|华中|central|central china|华中地区"},
    {"cn-south", "South China", "华南", "cn", "cn-south|south china|华南|south|south china|华南地区"},
    {"cn-southwest", "Southwest China", "西南", "cn", "cn-southwest|southwest china|西南|southwest|southwest china|西南地区"},
    {"cn-northwest", "Northwest China", "西北", "cn", "cn-northwest|northwest china|西北|northwest|northwest china|西北地区"},
    {"beijing", "Beijing", "北京", "cn-north", "beijing|beijing|北京|peking"},
    {"tianjin", "Tianjin", "天津", "cn-north", "tianjin|tianjin|天津"},
    {"hebei", "Hebei", "河北", "cn-north", "hebei|hebei|河北"},
    {"shanxi", "Shanxi", "山西", "cn-north", "shanxi|shanxi|山西"},
    {"neimenggu", "Inner Mongolia", "内蒙古", "cn-north", "neimenggu|inner mongolia|内蒙古|inner mongolia|nei mongol|neimongol"},
    {"liaoning", "Liaoning", "辽宁", "cn-northeast", "liaoning|liaoning|辽宁"},
    {"jilin", "Jilin", "吉林", "cn-northeast", "jilin|jilin|吉林"},
    {"heilongjiang", "Heilongjiang", "黑龙江", "cn-northeast", "heilongjiang|heilongjiang|黑龙江"},
    {"shanghai", "Shanghai", "上海", "cn-east", "shanghai|shanghai|上海"},
    {"jiangsu", "Jiangsu", "江苏", "cn-east", "jiangsu|jiangsu|江苏"},
    {"zhejiang", "Zhejiang", "浙江", "cn-east", "zhejiang|zhejiang|浙江"},
    {"anhui", "Anhui", "安徽", "cn-east", "anhui|anhui|安徽"},
    {"fujian", "Fujian", "福建", "cn-east", "fujian|fujian|福建"},
    {"jiangxi", "Jiangxi", "江西", "cn-east", "jiangxi|jiangxi|江西"},
    {"shandong", "Shandong", "山东", "cn-east", "shandong|shandong|山东"},
    {"henan", "Henan", "河南", "cn-central", "henan|henan|河南"},
    {"hubei", "Hubei", "湖北", "cn-central", "hubei|hubei|湖北"},
    {"hunan", "Hunan", "湖南", "cn-central", "hunan|hunan|湖南"},
    {"guangdong", "Guangdong", "广东", "cn-south", "guangdong|guangdong|广东|canton"},
    {"guangxi", "Guangxi", "广西", "cn-south", "guangxi|guangxi|广西"},
    {"hainan", "Hainan", "海南", "cn-south", "hainan|hainan|海南"},
    {"chongqing", "Chongqing", "重庆", "cn-southwest", "chongqing|chongqing|重庆"},
    {"sichuan", "Sichuan", "四川", "cn-southwest", "sichuan|sichuan|四川"},
    {"guizhou", "Guizhou", "贵州", "cn-southwest", "guizhou|guizhou|贵州"},
    {"yunnan", "Yunnan", "云南", "cn-southwest", "yunnan|yunnan|云南"},
    {"xizang", "Tibet", "西藏", "cn-southwest", "xizang|tibet|西藏|tibet"},
    {"shaanxi", "Shaanxi", "陕西", "cn-northwest", "shaanxi|shaanxi|陕西"},
    {"gansu", "Gansu", "甘肃", "cn-northwest", "gansu|gansu|甘肃"},
    {"qinghai", "Qinghai", "青海", "cn-northwest", "qinghai|qinghai|青海"},
    {"ningxia", "Ningxia", "宁夏", "cn-northwest", "ningxia|ningxia|宁夏"},
    {"xinjiang", "Xinjiang", "新疆", "cn-northwest", "xinjiang|xinjiang|新疆"},
    {"nanjing", "Nanjing", "南京", "jiangsu", "nanjing|nanjing|南京"},
    {"suzhou", "Suzhou", "苏州", "jiangsu", "suzhou|suzhou|苏州"},
    {"wuxi", "Wuxi", "无锡", "jiangsu", "wuxi|wuxi|无锡"},
    {"changzhou", "Changzhou", "常州", "jiangsu", "changzhou|changzhou|常州"},
    {"nantong", "Nantong", "南通", "jiangsu", "nantong|nantong|南通"},
    {"yancheng", "Yancheng", "盐城", "jiangsu", "yancheng|yancheng|盐城"},
    {"xuzhou", "Xuzhou", "徐州", "jiangsu", "xuzhou|xuzhou|徐州"},
    {"yangzhou", "Yangzhou", "扬州", "jiangsu", "yangzhou|yangzhou|扬州"},
    {"hangzhou", "Hangzhou", "杭州", "zhejiang", "hangzhou|hangzhou|杭州"},
    {"ningbo", "Ningbo", "宁波", "zhejiang", "ningbo|ningbo|宁波"},
    {"wenzhou", "Wenzhou", "温州", "zhejiang", "wenzhou|wenzhou|温州"},
    {"jiaxing", "Jiaxing", "嘉兴", "zhejiang", "jiaxing|jiaxing|嘉兴"},
    {"huzhou", "Huzhou", "湖州", "zhejiang", "huzhou|huzhou|湖州"},
    {"hefei", "Hefei", "合肥", "anhui", "hefei|hefei|合肥"},
    {"wuhu", "Wuhu", "芜湖", "anhui", "wuhu|wuhu|芜湖"},
    {"fuzhou", "Fuzhou", "福州", "fujian", "fuzhou|fuzhou|福州"},
    {"xiamen", "Xiamen", "厦门", "fujian", "xiamen|xiamen|厦门|amoy"},
    {"quanzhou", "Quanzhou", "泉州", "fujian", "quanzhou|quanzhou|泉州"},
    {"nanchang", "Nanchang", "南昌", "jiangxi", "nanchang|nanchang|南昌"},
    {"jinan", "Jinan", "济南", "shandong", "jinan|jinan|济南"},
    {"qingdao", "Qingdao", "青岛", "shandong", "qingdao|qingdao|青岛"},
    {"guangzhou", "Guangzhou", "广州", "guangdong", "guangzhou|guangzhou|广州"},
    {"shenzhen", "Shenzhen", "深圳", "guangdong", "shenzhen|shenzhen|深圳"},
    {"dongguan", "Dongguan", "东莞", "guangdong", "dongguan|dongguan|东莞"},
    {"foshan", "Foshan", "佛山", "guangdong", "foshan|foshan|佛山"},
    {"shaoguan", "Shaoguan", "韶关", "guangdong", "shaoguan|shaoguan|韶关"},
    {"zhuhai", "Zhuhai", "珠海", "guangdong", "zhuhai|zhuhai|珠海"},
    {"nanning", "Nanning", "南宁", "guangxi", "nanning|nanning|南宁"},
    {"haikou", "Haikou", "海口", "hainan", "haikou|haikou|海口"},
    {"wuhan", "Wuhan", "武汉", "hubei", "wuhan|wuhan|武汉"},
    {"yichang", "Yichang", "宜昌", "hubei", "yichang|yichang|宜昌"},
    {"changsha", "Changsha", "长沙", "hunan", "changsha|changsha|长沙"},
    {"zhengzhou", "Zhengzhou", "郑州", "henan", "zhengzhou|zhengzhou|郑州"},
    {"shijiazhuang", "Shijiazhuang", "石家庄", "hebei", "shijiazhuang|shijiazhuang|石家庄"},
    {"zhangjiakou", "Zhangjiakou", "张家口", "hebei", "zhangjiakou|zhangjiakou|张家口"},
    {"langfang", "Langfang", "廊坊", "hebei", "langfang|langfang|廊坊"},
    {"baoding", "Baoding", "保定", "hebei", "baoding|baoding|保定"},
    {"taiyuan", "Taiyuan", "太原", "shanxi", "taiyuan|taiyuan|太原"},
    {"datong", "Datong", "大同", "shanxi", "datong|datong|大同"},
    {"hohhot", "Hohhot", "呼和浩特", "neimenggu", "hohhot|hohhot|呼和浩特"},
    {"ulanqab", "Ulanqab", "乌兰察布", "neimenggu", "ulanqab|ulanqab|乌兰察布"},
    {"ordos", "Ordos", "鄂尔多斯", "neimenggu", "ordos|ordos|鄂尔多斯"},
    {"baotou", "Baotou", "包头", "neimenggu", "baotou|baotou|包头"},
    {"shenyang", "Shenyang", "沈阳", "liaoning", "shenyang|shenyang|沈阳"},
    {"dalian", "Dalian", "大连", "liaoning", "dalian|dalian|大连"},
    {"changchun", "Changchun", "长春", "jilin", "changchun|changchun|长春"},
    {"harbin", "Harbin", "哈尔滨", "heilongjiang", "harbin|harbin|哈尔滨"},
    {"chengdu", "Chengdu", "成都", "sichuan", "chengdu|chengdu|成都"},
    {"yaan", "Ya'an", "雅安", "sichuan", "yaan|ya'an|雅安|ya'an"},
    {"guiyang", "Guiyang", "贵阳", "guizhou", "guiyang|guiyang|贵阳"},
    {"guian", "Gui'an", "贵安", "guizhou", "guian|gui'an|贵安|gui'an"},
    {"kunming", "Kunming", "昆明", "yunnan", "kunming|kunming|昆明"},
    {"lhasa", "Lhasa", "拉萨", "xizang", "lhasa|lhasa|拉萨"},
    {"xian", "Xi'an", "西安", "shaanxi", "xian|xi'an|西安|xi'an"},
    {"lanzhou", "Lanzhou", "兰州", "gansu", "lanzhou|lanzhou|兰州"},
    {"qingyang", "Qingyang", "庆阳", "gansu", "qingyang|qingyang|庆阳"},
    {"xining", "Xining", "西宁", "qinghai", "xining|xining|西宁"},
    {"yinchuan", "Yinchuan", "银川", "ningxia", "yinchuan|yinchuan|银川"},
    {"zhongwei", "Zhongwei", "中卫", "ningxia", "zhongwei|zhongwei|中卫"},
    {"urumqi", "Ürümqi", "乌鲁木齐", "xinjiang", "urumqi|ürümqi|乌鲁木齐|urumchi|ürümqi"},
    {"karamay", "Karamay", "克拉玛依", "xinjiang", "karamay|karamay|克拉玛依"},
    {"hami", "Hami", "哈密", "xinjiang", "hami|hami|哈密"},
    {"hk", "Hong Kong", "香港", "", "hk|hong kong|香港|hong kong|hongkong|中国香港"},
    {"sg", "Singapore", "新加坡", "", "sg|singapore|新加坡"},
    {"jp", "Japan", "日本", "", "jp|japan|日本|tokyo|东京"},
    {"na", "North America", "北美", "", "na|north america|北美|north america|北美洲"},
    {"us", "United States", "美国", "na", "us|united states|美国|usa|united states|america|eastus|westus|centralus|美国东部|美国西部|美国中部"},
    {"eu", "Europe", "欧洲", "", "eu|europe|欧洲|europe|欧盟"},
};

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool latin(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\''; }

// Each alias, split out of its place's list.
template <class F>
void for_each_alias(const Place& p, F&& f) {
  std::string_view rest = p.aliases;
  while (!rest.empty()) {
    const std::size_t bar = rest.find('|');
    f(rest.substr(0, bar));
    if (bar == std::string_view::npos) break;
    rest.remove_prefix(bar + 1);
  }
}

}  // namespace

const std::vector<Place>& places() { return kPlaces; }

const Place* find_place(std::string_view id) {
  for (const Place& p : kPlaces)
    if (p.id == id) return &p;
  return nullptr;
}

bool place_within(const Place& place, const Place& area) {
  for (const Place* p = &place; p; p = p->parent.empty() ? nullptr : find_place(p->parent))
    if (p->id == area.id) return true;
  return false;
}

std::string place_name(const Place& place, Lang lang) { return std::string(lang == Lang::zh ? place.zh : place.en); }

const Place* place_of_text(std::string_view raw) {
  std::string text;
  for (char c : raw) text += lower(c);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
  std::size_t start = 0;
  while (start < text.size() && (text[start] == ' ' || text[start] == '\t')) ++start;
  text = text.substr(start);
  if (text.empty()) return nullptr;
  // "EU/NA", "美国/欧洲": one of several places, not any one of them.
  if (text.find('/') != std::string::npos || text.find("、") != std::string::npos) return nullptr;
  // The longest alias at each position: Latin ones as whole words ("us" in "us-east-1", not in
  // "russia"), Chinese ones anywhere ("常州" in "江苏省常州市").
  const Place* inner = nullptr;
  for (std::size_t i = 0; i < text.size();) {
    const bool word_start = i == 0 || !latin(text[i - 1]);
    const Place* found = nullptr;
    std::size_t length = 0;
    for (const Place& p : kPlaces)
      for_each_alias(p, [&](std::string_view alias) {
        if (alias.size() <= length || text.compare(i, alias.size(), alias) != 0) return;
        if (latin(alias.front()) && !word_start) return;
        if (latin(alias.back()) && i + alias.size() < text.size() && latin(text[i + alias.size()])) return;
        found = &p;
        length = alias.size();
      });
    if (!found) {
      // On to the next character (a whole UTF-8 sequence), or past the rest of a Latin word.
      if (latin(text[i])) {
        while (i < text.size() && latin(text[i])) ++i;
      } else {
        ++i;
        while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
      }
      continue;
    }
    i += length;
    // The innermost of places that nest; one that does not nest with them is another place's
    // word ("east" in "us-east-1") and is passed over.
    if (!inner || place_within(*found, *inner)) inner = found;
  }
  return inner;
}

}  // namespace gpusizer
