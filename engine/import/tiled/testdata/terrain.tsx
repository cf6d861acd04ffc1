<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" tileheight="55" tilecount="6" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="grass">
  <image width="64" height="55" source="tiles/grass.png"/>
 </tile>
 <tile id="1" type="forest">
  <image width="64" height="55" source="tiles/forest.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="Town"/>
  </properties>
  <image width="64" height="55" source="tiles/town.png"/>
 </tile>
 <tile id="3">
  <image width="64" height="55" source="tiles/swamp.png"/>
 </tile>
 <tile id="4" type="rough">
  <properties>
   <property name="terrain" value="rubble"/>
  </properties>
  <image width="64" height="55" source="tiles/rough.png"/>
 </tile>
 <tile id="5" type="decoration">
  <image width="64" height="55" source="tiles/flowers.png"/>
 </tile>
</tileset>
